package com.acme.trading;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TimeZone;

import org.fudgemsg.FudgeContext;
import org.fudgemsg.FudgeFieldContainer;
import org.fudgemsg.FudgeMsgEnvelope;
import org.fudgemsg.FudgeMsgFormatter;

/**
 * Writes and reads the java-objects interop vectors with Fudge-Java 0.3's own object mapping.
 *
 * <pre>
 *   JavaObjectVectors generate &lt;from-java dir&gt;   writes &lt;case&gt;.fudge and &lt;case&gt;.txt for every catalog case
 *   JavaObjectVectors readback &lt;from-dotnet dir&gt;  reads &lt;case&gt;.fudge files there, writes verdicts.txt
 * </pre>
 *
 * The JVM default time zone is set to UTC first so that the output does not depend on the machine.
 */
public final class JavaObjectVectors {

  private JavaObjectVectors() {
  }

  public static void main(String[] args) throws IOException {
    TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
    if (args.length == 2 && args[0].equals("generate")) {
      generate(new File(args[1]));
    } else if (args.length == 2 && args[0].equals("readback")) {
      readback(new File(args[1]));
    } else {
      System.err.println("usage: JavaObjectVectors generate <from-java dir> | readback <from-dotnet dir>");
      System.exit(2);
    }
  }

  // ---------------------------------------------------------------- generate

  private static void generate(File dir) throws IOException {
    dir.mkdirs();
    for (Catalog.Case c : Catalog.all()) {
      FudgeContext context = new FudgeContext();
      FudgeMsgEnvelope envelope = context.toFudgeMsg(c.value);
      byte[] bytes = context.toByteArray(envelope.getMessage());
      Files.write(new File(dir, c.name + ".fudge").toPath(), bytes);

      List<String> out = new ArrayList<String>();
      out.add("# Fudge-Java 0.3 (FudgeMsg/Fudge-Java 432dfd4, ThreeTen 0.6.3) object mapping, case \"" + c.name + "\"");
      out.add("# bytes: " + c.name + ".fudge (" + bytes.length + " bytes) = FudgeContext.toByteArray(FudgeContext.toFudgeMsg(obj).getMessage())");
      out.add("# JVM default time zone: " + TimeZone.getDefault().getID());
      out.add("");
      out.add("== 1. Object graph (bean properties in the order commons-beanutils lists them, which JavaBeanBuilder follows) ==");
      Graph.render(c.name, c.value, out);
      out.add("");
      out.add("== 2. Wire fields, decoded from the .fudge bytes (offset, prefix, type id, ordinal, name, payload) ==");
      WireDump.dump(bytes, out);
      out.add("");
      out.add("== 3. FudgeMsgFormatter output for the message Fudge-Java decodes from the bytes ==");
      format(new FudgeContext().deserialize(bytes).getMessage(), out);
      out.add("");
      out.add("== 4. Fudge-Java reading its own bytes back ==");
      Verdict v = Verdict.of(c, bytes);
      out.add("typed   new FudgeContext().fromFudgeMsg(" + c.type.getSimpleName() + ".class, msg): " + v.typed);
      for (String d : v.typedDiffs) {
        out.add("    " + d);
      }
      out.add("untyped new FudgeContext().fromFudgeMsg(msg): " + v.untyped);
      for (String d : v.untypedDiffs) {
        out.add("    " + d);
      }
      if (v.typedObject != null && !v.typedDiffs.isEmpty()) {
        out.add("");
        out.add("-- object graph of the typed read-back --");
        Graph.render(c.name, v.typedObject, out);
      }
      if (v.untypedObject != null && !v.untypedDiffs.isEmpty() && !(v.untypedObject instanceof FudgeFieldContainer)) {
        out.add("");
        out.add("-- object graph of the untyped read-back --");
        Graph.render(c.name, v.untypedObject, out);
      }
      write(new File(dir, c.name + ".txt"), out);
      System.out.println(c.name + ": " + bytes.length + " bytes; typed " + v.typedShort() + ", untyped " + v.untypedShort());
    }
  }

  // ---------------------------------------------------------------- read-back

  private static void readback(File dir) throws IOException {
    File[] files = dir.listFiles();
    if (files == null) {
      throw new IOException("not a directory: " + dir);
    }
    Arrays.sort(files);
    List<String> out = new ArrayList<String>();
    out.add("# Fudge-Java 0.3 reading the .NET-written vectors in this folder; regenerate with generator/readback.sh");
    out.add("# <case> typed=OK|FAIL(reason) untyped=OK|FAIL(class got or reason); indented lines are the differences");
    for (File f : files) {
      String name = f.getName();
      if (!name.endsWith(".fudge")) {
        continue;
      }
      String caseName = name.substring(0, name.length() - ".fudge".length());
      Catalog.Case c = Catalog.byName(caseName);
      if (c == null) {
        out.add("# skipped " + name + ": not a catalog case");
        continue;
      }
      byte[] bytes = Files.readAllBytes(f.toPath());
      Verdict v = Verdict.of(c, bytes);
      out.add(caseName + " typed=" + v.typedShort() + " untyped=" + v.untypedShort());
      for (String d : v.typedDiffs) {
        out.add("    typed: " + d);
      }
      for (String d : v.untypedDiffs) {
        out.add("    untyped: " + d);
      }
    }
    write(new File(dir, "verdicts.txt"), out);
    for (String line : out) {
      System.out.println(line);
    }
  }

  /** Fudge-Java's own FudgeMsgFormatter output for {@code msg}, one escaped line each, added to {@code out}. */
  static void format(FudgeFieldContainer msg, List<String> out) {
    StringWriter sw = new StringWriter();
    PrintWriter pw = new PrintWriter(sw);
    new FudgeMsgFormatter(pw).format(msg);
    pw.flush();
    for (String line : sw.toString().split("\r?\n")) {
      out.add(Graph.escape(line));
    }
  }

  static void write(File file, List<String> lines) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (String line : lines) {
      sb.append(line).append('\n');
    }
    Files.write(file.toPath(), sb.toString().getBytes(StandardCharsets.UTF_8));
  }

  // ---------------------------------------------------------------- verdicts

  /** The outcome of reading one case's bytes with Fudge-Java, typed and untyped. */
  static final class Verdict {
    String typed;
    String untyped;
    boolean typedOk;
    boolean untypedOk;
    String typedReason;
    String untypedReason;
    Object typedObject;
    Object untypedObject;
    final List<String> typedDiffs = new ArrayList<String>();
    final List<String> untypedDiffs = new ArrayList<String>();

    String typedShort() {
      return typedOk ? "OK" : "FAIL(" + typedReason + ")";
    }

    String untypedShort() {
      return untypedOk ? "OK" : "FAIL(" + untypedReason + ")";
    }

    static Verdict of(Catalog.Case c, byte[] bytes) {
      Verdict v = new Verdict();
      FudgeFieldContainer msg;
      try {
        msg = new FudgeContext().deserialize(bytes).getMessage();
      } catch (RuntimeException e) {
        v.typedReason = v.untypedReason = "envelope not readable: " + describe(e);
        v.typed = v.untyped = "FAIL, " + v.typedReason;
        return v;
      }
      try {
        v.typedObject = new FudgeContext().fromFudgeMsg(c.type, msg);
        Graph.compare(c.name, c.value, v.typedObject, v.typedDiffs);
        v.typedOk = v.typedDiffs.isEmpty();
        v.typedReason = v.typedOk ? null : "values differ: " + v.typedDiffs.size() + " difference(s)";
        v.typed = (v.typedOk ? "OK" : "FAIL, " + v.typedReason) + "; got " + className(v.typedObject);
      } catch (Throwable e) {
        v.typedReason = describe(e);
        v.typed = "FAIL, exception: " + describeChain(e);
      }
      try {
        v.untypedObject = new FudgeContext().fromFudgeMsg(msg);
        if (v.untypedObject == null || v.untypedObject.getClass() != c.value.getClass()) {
          v.untypedReason = "got " + className(v.untypedObject);
          v.untyped = "FAIL, " + v.untypedReason;
        } else {
          Graph.compare(c.name, c.value, v.untypedObject, v.untypedDiffs);
          v.untypedOk = v.untypedDiffs.isEmpty();
          v.untypedReason = v.untypedOk ? null : "got " + className(v.untypedObject) + " but values differ: "
              + v.untypedDiffs.size() + " difference(s)";
          v.untyped = (v.untypedOk ? "OK" : "FAIL, " + v.untypedReason) + "; got " + className(v.untypedObject);
        }
      } catch (Throwable e) {
        v.untypedReason = describe(e);
        v.untyped = "FAIL, exception: " + describeChain(e);
      }
      return v;
    }

    private static String className(Object o) {
      return o == null ? "null" : o.getClass().getName();
    }

    private static String describe(Throwable e) {
      Throwable root = e;
      while (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      return oneLine(root.getClass().getName() + (root.getMessage() == null ? "" : ": " + root.getMessage()));
    }

    private static String describeChain(Throwable e) {
      StringBuilder sb = new StringBuilder();
      for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
        if (sb.length() > 0) {
          sb.append(" <- caused by ");
        }
        sb.append(oneLine(t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage())));
      }
      return sb.toString();
    }

    private static String oneLine(String s) {
      String t = Graph.escape(s.replace('\n', ' ').replace('\r', ' '));
      return t.length() > 240 ? t.substring(0, 240) + "..." : t;
    }
  }
}
