package com.acme.trading;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import org.fudgemsg.FudgeContext;
import org.fudgemsg.FudgeField;
import org.fudgemsg.FudgeFieldContainer;
import org.fudgemsg.MutableFudgeFieldContainer;

/**
 * Messages built field by field with Fudge-Java's own API, adding one name several times
 * ({@code MutableFudgeFieldContainer.add(name, value)} called again with the same name): what a .NET member marked
 * {@code [FudgeField(Repeated = true)]} reads and writes. Not the object mapping: no bean, no class header.
 *
 * <pre>
 *   RepeatedNames &lt;dir&gt;   writes &lt;case&gt;.fudge and &lt;case&gt;.txt for each case below
 * </pre>
 *
 * <ul>
 * <li>{@code repeated-names}: "symbol" once; "venue" three times (strings); "size" three times (Integers, which
 * Fudge-Java reduces one by one to int8, int16 and int32); "price" twice (doubles); "leg" twice (sub-messages of
 * "venue" and "qty"); "after" once. Each name's fields are added one after another.</li>
 * <li>{@code repeated-names-interleaved}: the same values added in another order, the repeated names interleaved
 * with each other and with the single ones.</li>
 * </ul>
 */
public final class RepeatedNames {

  private RepeatedNames() {
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: RepeatedNames <dir>");
      System.exit(2);
    }
    File dir = new File(args[0]);
    dir.mkdirs();
    FudgeContext context = new FudgeContext();
    write(dir, "repeated-names", grouped(context), context);
    write(dir, "repeated-names-interleaved", interleaved(context), context);
  }

  private static FudgeFieldContainer leg(FudgeContext context, String venue, int qty) {
    MutableFudgeFieldContainer leg = context.newMessage();
    leg.add("venue", venue);
    leg.add("qty", qty);
    return leg;
  }

  private static FudgeFieldContainer grouped(FudgeContext context) {
    MutableFudgeFieldContainer msg = context.newMessage();
    msg.add("symbol", "ACME");
    msg.add("venue", "XNAS");
    msg.add("venue", "BATS");
    msg.add("venue", "ARCA");
    msg.add("size", 5);
    msg.add("size", 300);
    msg.add("size", 70000);
    msg.add("price", 189.25);
    msg.add("price", 189.5);
    msg.add("leg", leg(context, "XNAS", 100));
    msg.add("leg", leg(context, "BATS", 250));
    msg.add("after", 7);
    return msg;
  }

  private static FudgeFieldContainer interleaved(FudgeContext context) {
    MutableFudgeFieldContainer msg = context.newMessage();
    msg.add("venue", "XNAS");
    msg.add("size", 5);
    msg.add("leg", leg(context, "XNAS", 100));
    msg.add("symbol", "ACME");
    msg.add("venue", "BATS");
    msg.add("price", 189.25);
    msg.add("size", 300);
    msg.add("after", 7);
    msg.add("leg", leg(context, "BATS", 250));
    msg.add("venue", "ARCA");
    msg.add("price", 189.5);
    msg.add("size", 70000);
    return msg;
  }

  private static void write(File dir, String name, FudgeFieldContainer msg, FudgeContext context) throws IOException {
    byte[] bytes = context.toByteArray(msg);
    Files.write(new File(dir, name + ".fudge").toPath(), bytes);

    List<String> out = new ArrayList<String>();
    out.add("# Fudge-Java 0.3 (FudgeMsg/Fudge-Java 432dfd4), case \"" + name + "\": a message built with MutableFudgeFieldContainer.add,");
    out.add("# one name added several times; bytes: " + name + ".fudge (" + bytes.length + " bytes) = FudgeContext.toByteArray(msg)");
    out.add("");
    out.add("== 1. Wire fields, decoded from the .fudge bytes (offset, prefix, type id, ordinal, name, payload) ==");
    WireDump.dump(bytes, out);
    out.add("");
    out.add("== 2. FudgeMsgFormatter output for the message Fudge-Java decodes from the bytes ==");
    FudgeFieldContainer reread = new FudgeContext().deserialize(bytes).getMessage();
    JavaObjectVectors.format(reread, out);
    out.add("");
    out.add("== 3. Fudge-Java reading each name back: getAllByName(name), values in order ==");
    for (String field : new String[] {"symbol", "venue", "size", "price", "leg", "after"}) {
      StringBuilder sb = new StringBuilder();
      for (FudgeField f : reread.getAllByName(field)) {
        if (sb.length() > 0) {
          sb.append(", ");
        }
        Object value = f.getValue();
        if (value instanceof FudgeFieldContainer) {
          FudgeFieldContainer sub = (FudgeFieldContainer) value;
          sb.append("{venue=").append(sub.getString("venue")).append(", qty=").append(sub.getInt("qty")).append('}');
        } else {
          sb.append(value).append(" (").append(value.getClass().getSimpleName()).append(')');
        }
      }
      out.add(field + ": " + sb);
    }
    JavaObjectVectors.write(new File(dir, name + ".txt"), out);
    System.out.println(name + ": " + bytes.length + " bytes");
  }
}
