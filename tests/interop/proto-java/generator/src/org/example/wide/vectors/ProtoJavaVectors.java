package org.example.wide.vectors;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fudgemsg.FudgeContext;
import org.fudgemsg.FudgeFieldContainer;
import org.fudgemsg.FudgeMessageFactory;
import org.fudgemsg.FudgeMsgFormatter;

/**
 * Writes the proto-java vectors (mode "generate": from-java/<case>.fudge and .txt) or reads .NET-written ones (mode
 * "readback": <dir>/<case>.fudge, writes <dir>/verdicts.txt), using the classes Fudge-Proto generated from wide.proto.
 */
public final class ProtoJavaVectors {
  private ProtoJavaVectors() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: ProtoJavaVectors generate|readback DIR");
      System.exit(2);
    }
    File dir = new File(args[1]);
    if (args[0].equals("generate")) generate(dir);
    else if (args[0].equals("readback")) readback(dir);
    else throw new IllegalArgumentException(args[0]);
  }

  static byte[] encode(Object value) throws Exception {
    FudgeContext context = new FudgeContext();
    FudgeFieldContainer msg = (FudgeFieldContainer) value.getClass()
        .getMethod("toFudgeMsg", FudgeMessageFactory.class).invoke(value, context);
    return context.toByteArray(msg);
  }

  static Object decode(Class<?> type, byte[] bytes) throws Exception {
    FudgeFieldContainer msg = new FudgeContext().deserialize(bytes).getMessage();
    return type.getMethod("fromFudgeMsg", FudgeFieldContainer.class).invoke(null, msg);
  }

  static String describe(Throwable t) {
    if (t instanceof InvocationTargetException && t.getCause() != null) t = t.getCause();
    StringBuilder sb = new StringBuilder(t.getClass().getName() + ": " + t.getMessage());
    for (Throwable c = t.getCause(); c != null; c = c.getCause()) {
      sb.append(" <- caused by ").append(c.getClass().getName()).append(": ").append(c.getMessage());
    }
    return sb.toString();
  }

  /** Reads bytes back with fromFudgeMsg and compares with the expected instance; returns "OK" or the differences. */
  static List<String> verdict(Catalog.Case c, byte[] bytes) {
    List<String> out = new ArrayList<String>();
    Object back;
    try {
      back = decode(c.type, bytes);
    } catch (Throwable t) {
      out.add("FAIL: exception " + describe(t));
      return out;
    }
    List<String> diff = Values.diff(Values.render(c.value), Values.render(back));
    if (diff.isEmpty()) {
      out.add("OK (" + back.getClass().getName() + ")");
    } else {
      out.add("FAIL: " + diff.size() + " difference(s), got " + back.getClass().getName());
      for (String d : diff) out.add("    " + d);
    }
    return out;
  }

  static void generate(File dir) throws Exception {
    dir.mkdirs();
    for (Catalog.Case c : Catalog.all()) {
      List<String> out = new ArrayList<String>();
      byte[] bytes;
      try {
        bytes = encode(c.value);
      } catch (Throwable t) {
        System.err.println(c.name + ": cannot write: " + describe(t));
        continue;
      }
      Files.write(new File(dir, c.name + ".fudge").toPath(), bytes);
      out.add("# Fudge-Proto 0.3 (741623f) generated Java on Fudge-Java 0.3 (432dfd4), case \"" + c.name + "\": "
          + c.description);
      out.add("# bytes: " + c.name + ".fudge (" + bytes.length + " bytes) = FudgeContext.toByteArray (value.toFudgeMsg "
          + "(fudgeContext))");
      out.add("");
      out.add("== 1. Instance (" + c.value.getClass().getName() + "; fields of each class from the root class down) ==");
      out.addAll(Values.lines(Values.render(c.value)));
      out.add("");
      out.add("== 2. Wire fields, decoded from the bytes by hand (offset, prefix, type id, ordinal, name, payload) ==");
      WireDump.dump(bytes, out);
      out.add("");
      out.add("== 3. FudgeMsgFormatter output for the message Fudge-Java decodes from the bytes ==");
      StringWriter sw = new StringWriter();
      PrintWriter pw = new PrintWriter(sw);
      new FudgeMsgFormatter(pw).format(new FudgeContext().deserialize(bytes).getMessage());
      pw.flush();
      for (String line : sw.toString().split("\n")) out.add(line.replaceAll("\\s+$", ""));
      out.add("");
      out.add("== 4. Read-back: " + c.type.getSimpleName() + ".fromFudgeMsg (msg) compared with the instance ==");
      out.addAll(verdict(c, bytes));
      StringBuilder text = new StringBuilder();
      for (String line : out) text.append(line).append('\n');
      Files.write(new File(dir, c.name + ".txt").toPath(), text.toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  static void readback(File dir) throws IOException {
    Map<String, Catalog.Case> cases = new TreeMap<String, Catalog.Case>();
    for (Catalog.Case c : Catalog.all()) cases.put(c.name, c);
    List<String> out = new ArrayList<String>();
    out.add("# Fudge-Proto 0.3 generated Java reading the .NET-written vectors in this folder; regenerate with "
        + "generator/readback.sh");
    out.add("# <case> OK | FAIL (reason); indented lines are the differences (expected = the catalog instance)");
    File[] files = dir.listFiles();
    List<String> names = new ArrayList<String>();
    if (files != null) for (File f : files) if (f.getName().endsWith(".fudge")) names.add(f.getName());
    java.util.Collections.sort(names);
    for (String name : names) {
      String stem = name.substring(0, name.length() - ".fudge".length());
      Catalog.Case c = cases.get(stem);
      if (c == null) {
        out.add(stem + " skipped (not a catalog case)");
        continue;
      }
      List<String> v = verdict(c, Files.readAllBytes(new File(dir, name).toPath()));
      out.add(stem + " " + v.get(0));
      out.addAll(v.subList(1, v.size()));
    }
    StringBuilder text = new StringBuilder();
    for (String line : out) text.append(line).append('\n');
    Files.write(new File(dir, "verdicts.txt").toPath(), text.toString().getBytes(StandardCharsets.UTF_8));
  }
}
