package com.acme.probe;

import java.io.File;
import java.nio.file.Files;
import java.util.TimeZone;

import org.fudgemsg.FudgeContext;
import org.fudgemsg.FudgeFieldContainer;
import org.fudgemsg.MutableFudgeFieldContainer;
import org.fudgemsg.types.IndicatorType;

/**
 * What Fudge-Java 0.3's JavaBeanBuilder does with (1) an indicator (type 0) where a property is expected, and (2) a
 * property with a getter but no setter. Prints its findings; with a folder argument, also writes reading.fudge (what
 * toFudgeMsg writes for a Reading).
 */
public final class Probe {
  public static void main(String[] args) throws Exception {
    TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
    FudgeContext context = new FudgeContext();

    // (1) indicators read as null, overriding the bean's initial values; absent fields keep them
    MutableFudgeFieldContainer nulls = context.newMessage();
    nulls.add("retries", IndicatorType.INSTANCE);
    nulls.add("currency", IndicatorType.INSTANCE);
    nulls.add("tags", IndicatorType.INSTANCE);
    nulls.add(null, 0, Defaults.class.getName());
    Defaults d = context.fromFudgeMsg(Defaults.class, nulls);
    System.out.println("indicators: retries=" + d.getRetries() + " currency=" + d.getCurrency() + " tags=" + d.getTags());
    MutableFudgeFieldContainer empty = context.newMessage();
    Defaults a = context.fromFudgeMsg(Defaults.class, empty);
    System.out.println("absent: retries=" + a.getRetries() + " currency=" + a.getCurrency() + " tags=" + a.getTags());
    Defaults n = new Defaults();
    n.setRetries(null);
    n.setCurrency(null);
    n.setTags(null);
    System.out.println("java writes nulls as: " + context.toFudgeMsg(n).getMessage());

    // (2) readable-only properties are written, and skipped when read
    Reading r = new Reading();
    r.setName("abc");
    FudgeFieldContainer written = context.toFudgeMsg(r).getMessage();
    System.out.println("reading written: " + written);
    MutableFudgeFieldContainer changed = context.newMessage();
    changed.add("name", "xy");
    changed.add("id", "other");
    changed.add("length", 99);
    Reading back = context.fromFudgeMsg(Reading.class, changed);
    System.out.println("reading read: name=" + back.getName() + " id=" + back.getId() + " length=" + back.getLength());
    if (args.length == 1) {
      Files.write(new File(args[0], "reading.fudge").toPath(), context.toByteArray(written));
    }
  }
}
