package com.acme.trading;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * An independent field-by-field decoder of Fudge envelope bytes, so the .txt files show exactly what is on the wire:
 * byte offset, field prefix, type id, ordinal, name, payload size and value. It does not use Fudge-Java.
 */
final class WireDump {

  private static final String[] TYPE_NAMES = {
    "indicator", "boolean", "byte", "short", "int", "long", "byte[]", "short[]", "int[]", "long[]", "float", "double",
    "float[]", "double[]", "string", "message", "(16)", "byte[4]", "byte[8]", "byte[16]", "byte[20]", "byte[32]",
    "byte[64]", "byte[128]", "byte[256]", "byte[512]", "date", "time", "datetime"};

  private static final String[] ACCURACY = {
    "MILLENNIUM", "CENTURY", "YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND", "MILLISECOND", "MICROSECOND",
    "NANOSECOND"};

  private WireDump() {
  }

  static void dump(byte[] bytes, List<String> out) {
    ByteBuffer b = ByteBuffer.wrap(bytes);
    int directives = b.get() & 0xff;
    int schema = b.get() & 0xff;
    int taxonomy = b.getShort();
    int size = b.getInt();
    out.add(String.format("envelope: processing-directives=0x%02x schema-version=%d taxonomy=%d size=%d (file length %d)",
        directives, schema, taxonomy, size, bytes.length));
    fields(b, bytes.length, 1, out);
  }

  private static void fields(ByteBuffer b, int end, int depth, List<String> out) {
    StringBuilder indentBuilder = new StringBuilder();
    for (int i = 0; i < depth; i++) {
      indentBuilder.append("  ");
    }
    String indent = indentBuilder.toString();
    int index = 0;
    while (b.position() < end) {
      int at = b.position();
      int prefix = b.get() & 0xff;
      int type = b.get() & 0xff;
      boolean fixed = (prefix & 0x80) != 0;
      int widthCode = (prefix >> 5) & 3;
      boolean hasOrdinal = (prefix & 0x10) != 0;
      boolean hasName = (prefix & 0x08) != 0;
      Integer ordinal = hasOrdinal ? Integer.valueOf(b.getShort()) : null;
      String name = null;
      if (hasName) {
        int n = b.get() & 0xff;
        byte[] nb = new byte[n];
        b.get(nb);
        name = new String(nb, StandardCharsets.UTF_8);
      }
      int length;
      if (fixed) {
        length = fixedLength(type);
      } else if (widthCode == 0) {
        length = 0;
      } else if (widthCode == 1) {
        length = b.get() & 0xff;
      } else if (widthCode == 2) {
        length = b.getShort() & 0xffff;
      } else {
        length = b.getInt();
      }
      StringBuilder line = new StringBuilder();
      line.append(String.format("%s#%d @%d prefix=0x%02x type=%d(%s) ordinal=%s name=%s", indent, index, at, prefix,
          type, typeName(type), ordinal == null ? "-" : ordinal.toString(),
          name == null ? "-" : Graph.quote(name)));
      line.append(fixed ? " fixed" : " var(" + (widthCode == 3 ? 4 : widthCode) + "-byte size)");
      line.append(" len=").append(length);
      if (type == 15) {
        out.add(line.toString() + " {");
        int subEnd = b.position() + length;
        fields(b, subEnd, depth + 1, out);
        out.add(indent + "}");
      } else {
        byte[] payload = new byte[length];
        b.get(payload);
        line.append(" hex=").append(hex(payload)).append(" value=").append(value(type, payload));
        out.add(line.toString());
      }
      index++;
    }
  }

  private static String typeName(int type) {
    return type < TYPE_NAMES.length ? TYPE_NAMES[type] : "unknown";
  }

  private static int fixedLength(int type) {
    switch (type) {
      case 0: return 0;
      case 1: case 2: return 1;
      case 3: return 2;
      case 4: case 10: case 17: case 26: return 4;
      case 5: case 11: case 18: case 27: return 8;
      case 28: return 12;
      case 19: return 16;
      case 20: return 20;
      case 21: return 32;
      case 22: return 64;
      case 23: return 128;
      case 24: return 256;
      case 25: return 512;
      default: throw new IllegalArgumentException("fixed-width flag on type " + type);
    }
  }

  static String hex(byte[] payload) {
    if (payload.length == 0) {
      return "-";
    }
    StringBuilder sb = new StringBuilder();
    for (byte x : payload) {
      sb.append(String.format("%02x", x & 0xff));
    }
    return sb.toString();
  }

  private static String value(int type, byte[] p) {
    ByteBuffer b = ByteBuffer.wrap(p);
    switch (type) {
      case 0: return "(indicator)";
      case 1: return p[0] != 0 ? "true" : "false";
      case 2: return Byte.toString(p[0]);
      case 3: return Short.toString(b.getShort());
      case 4: return Integer.toString(b.getInt());
      case 5: return Long.toString(b.getLong());
      case 10: return Float.toString(b.getFloat());
      case 11: return Double.toString(b.getDouble());
      case 14: return string(p);
      case 7: {
        StringBuilder sb = new StringBuilder("[");
        while (b.hasRemaining()) {
          sb.append(b.getShort()).append(b.hasRemaining() ? ", " : "");
        }
        return sb.append("]").toString();
      }
      case 8: {
        StringBuilder sb = new StringBuilder("[");
        while (b.hasRemaining()) {
          sb.append(b.getInt()).append(b.hasRemaining() ? ", " : "");
        }
        return sb.append("]").toString();
      }
      case 9: {
        StringBuilder sb = new StringBuilder("[");
        while (b.hasRemaining()) {
          sb.append(b.getLong()).append(b.hasRemaining() ? ", " : "");
        }
        return sb.append("]").toString();
      }
      case 12: {
        StringBuilder sb = new StringBuilder("[");
        while (b.hasRemaining()) {
          sb.append(b.getFloat()).append(b.hasRemaining() ? ", " : "");
        }
        return sb.append("]").toString();
      }
      case 13: {
        StringBuilder sb = new StringBuilder("[");
        while (b.hasRemaining()) {
          sb.append(b.getDouble()).append(b.hasRemaining() ? ", " : "");
        }
        return sb.append("]").toString();
      }
      case 26: return date(b.getInt());
      case 27: return time(b.getInt(), b.getInt());
      case 28: return date(b.getInt()) + " " + time(b.getInt(), b.getInt());
      default: return "(bytes)";
    }
  }

  /**
   * Strings are shown as standard UTF-8 if the bytes are valid UTF-8; otherwise they are decoded leniently (1-, 2-,
   * 3- and 4-byte forms, accepting surrogate code points encoded as 3-byte sequences) and flagged.
   */
  private static String string(byte[] p) {
    try {
      String s = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(p)).toString();
      return Graph.quote(s);
    } catch (java.nio.charset.CharacterCodingException e) {
      StringBuilder sb = new StringBuilder();
      int i = 0;
      while (i < p.length) {
        int c = p[i] & 0xff;
        int cp;
        if (c < 0x80) {
          cp = c;
          i += 1;
        } else if (c >= 0xf0 && i + 3 < p.length) {
          cp = ((c & 0x07) << 18) | ((p[i + 1] & 0x3f) << 12) | ((p[i + 2] & 0x3f) << 6) | (p[i + 3] & 0x3f);
          i += 4;
        } else if (c >= 0xe0 && i + 2 < p.length) {
          cp = ((c & 0x0f) << 12) | ((p[i + 1] & 0x3f) << 6) | (p[i + 2] & 0x3f);
          i += 3;
        } else if (c >= 0xc0 && i + 1 < p.length) {
          cp = ((c & 0x1f) << 6) | (p[i + 1] & 0x3f);
          i += 2;
        } else {
          cp = 0xfffd;
          i += 1;
        }
        sb.appendCodePoint(cp);
      }
      return Graph.quote(sb.toString())
          + " [NOT valid UTF-8: each UTF-16 surrogate is encoded on its own as a 3-byte sequence (CESU-8 style)]";
    }
  }

  private static String date(int n) {
    return String.format("date{year=%d month=%d day=%d}", n >> 9, (n >> 5) & 15, n & 31);
  }

  private static String time(int hi, int lo) {
    int offset = hi >> 24;
    int accuracy = (hi >> 20) & 15;
    int seconds = hi & 0x1ffff;
    int nanos = lo & 0x3fffffff;
    String acc = accuracy < ACCURACY.length ? ACCURACY[accuracy] : "?";
    return String.format("time{accuracy=%d(%s) tz-offset=%d (x15min = %+d min) unused-bits-17..19=%d seconds=%d (%02d:%02d:%02d) nanos=%d}",
        accuracy, acc, offset, offset * 15, (hi >> 17) & 7, seconds, seconds / 3600, (seconds / 60) % 60, seconds % 60,
        nanos);
  }
}
