package org.example.wide.vectors;

import java.util.List;

/** Decodes Fudge bytes by hand (not with Fudge-Java) into one line per field, sub-messages indented. */
final class WireDump {
  private final byte[] b;
  private final List<String> out;

  private WireDump(byte[] bytes, List<String> out) {
    this.b = bytes;
    this.out = out;
  }

  static void dump(byte[] bytes, List<String> out) {
    WireDump w = new WireDump(bytes, out);
    int size = w.int32(4);
    out.add(String.format("envelope: directives=0x%02x schema-version=%d taxonomy=%d size=%d (file length %d)",
        bytes[0] & 0xff, bytes[1] & 0xff, w.int16(2), size, bytes.length));
    int[] counter = {0};
    w.fields(8, size, "  ", counter);
  }

  private int int16(int p) { return (short) (((b[p] & 0xff) << 8) | (b[p + 1] & 0xff)); }
  private int int32(int p) { return ((b[p] & 0xff) << 24) | ((b[p + 1] & 0xff) << 16) | ((b[p + 2] & 0xff) << 8) | (b[p + 3] & 0xff); }
  private long int64(int p) { return ((long) int32(p) << 32) | (int32(p + 4) & 0xffffffffL); }

  private static int fixedWidth(int type) {
    switch (type) {
      case 0: return 0;
      case 1: case 2: return 1;
      case 3: return 2;
      case 4: case 10: case 26: return 4;
      case 5: case 11: case 27: return 8;
      case 28: return 12;
      case 17: return 4; case 18: return 8; case 19: return 16; case 20: return 20; case 21: return 32;
      case 22: return 64; case 23: return 128; case 24: return 256; case 25: return 512;
      default: return -1;
    }
  }

  private static final String[] NAMES = {"indicator", "boolean", "byte", "short", "int", "long", "byte[]", "short[]",
      "int[]", "long[]", "float", "double", "float[]", "double[]", "string", "message", "?16", "byte[4]", "byte[8]",
      "byte[16]", "byte[20]", "byte[32]", "byte[64]", "byte[128]", "byte[256]", "byte[512]", "date", "time", "datetime"};

  private void fields(int p, int end, String indent, int[] counter) {
    while (p < end) {
      int start = p;
      int prefix = b[p++] & 0xff;
      int type = b[p++] & 0xff;
      String ordinal = "-";
      String name = "-";
      if ((prefix & 0x10) != 0) { ordinal = Integer.toString(int16(p)); p += 2; }
      if ((prefix & 0x08) != 0) {
        int n = b[p++] & 0xff;
        name = "\"" + Values.escape(text(b, p, n)) + "\"";
        p += n;
      }
      int len;
      if ((prefix & 0x80) != 0) {
        len = fixedWidth(type);
      } else {
        switch ((prefix >> 5) & 3) {
          case 0: len = 0; break;
          case 1: len = b[p] & 0xff; p += 1; break;
          case 2: len = int16(p) & 0xffff; p += 2; break;
          default: len = int32(p); p += 4; break;
        }
      }
      String tname = type < NAMES.length ? NAMES[type] : "?" + type;
      String head = String.format("%s#%d @%d prefix=0x%02x type=%d(%s) ordinal=%s name=%s len=%d", indent, counter[0]++,
          start, prefix, type, tname, ordinal, name, len);
      if (type == 15) {
        out.add(head + " {");
        fields(p, p + len, indent + "  ", new int[] {0});
        out.add(indent + "}");
      } else {
        out.add(head + " hex=" + hex(p, len) + decode(type, p, len));
      }
      p += len;
    }
  }

  /** Decodes UTF-8, also accepting surrogates encoded as 3-byte sequences (Java's modified form). */
  static String text(byte[] b, int p, int len) {
    StringBuilder sb = new StringBuilder();
    int end = p + len;
    while (p < end) {
      int c = b[p] & 0xff;
      if (c < 0x80) { sb.append((char) c); p += 1; }
      else if ((c & 0xe0) == 0xc0 && p + 1 < end) { sb.append((char) (((c & 0x1f) << 6) | (b[p + 1] & 0x3f))); p += 2; }
      else if ((c & 0xf0) == 0xe0 && p + 2 < end) {
        sb.append((char) (((c & 0x0f) << 12) | ((b[p + 1] & 0x3f) << 6) | (b[p + 2] & 0x3f))); p += 3;
      } else if ((c & 0xf8) == 0xf0 && p + 3 < end) {
        sb.appendCodePoint(((c & 0x07) << 18) | ((b[p + 1] & 0x3f) << 12) | ((b[p + 2] & 0x3f) << 6) | (b[p + 3] & 0x3f));
        p += 4;
      } else { sb.append('\ufffd'); p += 1; }
    }
    return sb.toString();
  }

  private String hex(int p, int len) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < len; i++) sb.append(String.format("%02x", b[p + i] & 0xff));
    return sb.length() == 0 ? "(none)" : sb.toString();
  }

  private String date(int p) {
    int n = int32(p);
    return "date(year=" + (n >> 9) + " month=" + ((n >> 5) & 15) + " day=" + (n & 31) + ")";
  }

  private String time(int p) {
    int hi = int32(p), lo = int32(p + 4);
    return "time(offset=" + (hi >> 24) + " accuracy=" + ((hi >> 20) & 15) + " seconds=" + (hi & 0x1ffff) + " nanos="
        + (lo & 0x3fffffff) + ")";
  }

  private String decode(int type, int p, int len) {
    switch (type) {
      case 0: return " value=indicator";
      case 1: return " value=" + (b[p] != 0);
      case 2: return " value=" + b[p];
      case 3: return " value=" + int16(p);
      case 4: return " value=" + int32(p);
      case 5: return " value=" + int64(p);
      case 10: return " value=" + Float.intBitsToFloat(int32(p));
      case 11: return " value=" + Double.longBitsToDouble(int64(p));
      case 14: return " value=\"" + Values.escape(text(b, p, len)) + "\"";
      case 26: return " " + date(p);
      case 27: return " " + time(p);
      case 28: return " " + date(p) + " " + time(p + 4);
      case 7: case 8: case 9: case 12: case 13: {
        int w = type == 7 ? 2 : (type == 8 || type == 12) ? 4 : 8;
        StringBuilder sb = new StringBuilder(" values=[");
        for (int i = 0; i < len / w; i++) {
          if (i > 0) sb.append(", ");
          int q = p + i * w;
          switch (type) {
            case 7: sb.append(int16(q)); break;
            case 8: sb.append(int32(q)); break;
            case 9: sb.append(int64(q)); break;
            case 12: sb.append(Float.intBitsToFloat(int32(q))); break;
            default: sb.append(Double.longBitsToDouble(int64(q))); break;
          }
        }
        return sb.append(']').toString();
      }
      default: return "";
    }
  }
}
