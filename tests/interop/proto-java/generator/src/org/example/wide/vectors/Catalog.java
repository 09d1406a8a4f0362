package org.example.wide.vectors;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import javax.time.calendar.LocalDate;
import javax.time.calendar.LocalDateTime;
import javax.time.calendar.LocalTime;
import javax.time.calendar.MonthOfYear;
import javax.time.calendar.OffsetDateTime;
import javax.time.calendar.ZoneOffset;

import org.example.wide.Bond;
import org.example.wide.Bound;
import org.example.wide.Colour;
import org.example.wide.Convertible;
import org.example.wide.Defaults;
import org.example.wide.Equity;
import org.example.wide.Frozen;
import org.example.wide.Gilt;
import org.example.wide.Grade;
import org.example.wide.Holder;
import org.example.wide.Leaf;
import org.example.wide.Base2;
import org.example.wide.Named;
import org.example.wide.Outer;
import org.example.wide.Point;
import org.example.wide.Repeated;
import org.example.wide.Scalars;
import org.example.wide.Shape;
import org.example.wide.Strip;
import org.example.wide.Wheel;
import org.fudgemsg.FudgeContext;
import org.fudgemsg.MutableFudgeFieldContainer;

/** The cases: a name, the generated class read back with fromFudgeMsg, a description and the instance. */
final class Catalog {
  static final class Case {
    final String name;
    final Class<?> type;
    final String description;
    final Object value;

    Case(String name, Class<?> type, String description, Object value) {
      this.name = name;
      this.type = type;
      this.description = description;
      this.value = value;
    }
  }

  private Catalog() {
  }

  static final String SMILE = new String(Character.toChars(0x1F600));

  static LocalDate date(int y, int m, int d) {
    return LocalDate.of(y, m, d);
  }

  static LocalDateTime dateTime(int y, int mo, int d, int h, int mi, int s, int n) {
    return LocalDateTime.of(LocalDate.of(y, mo, d), LocalTime.of(h, mi, s, n));
  }

  static MutableFudgeFieldContainer blob(FudgeContext c) {
    MutableFudgeFieldContainer m = c.newMessage();
    m.add("a", 1);
    m.add(null, 2, "two");
    m.add("n", Long.valueOf(5000000000L));
    return m;
  }

  static List<Case> all() {
    FudgeContext c = new FudgeContext();
    List<Case> list = new ArrayList<Case>();

    Scalars s = new Scalars(true);
    s.setTiny((byte) -7);
    s.setSmall((short) 300);
    s.setCount(70000);
    s.setBig(5000000000L);
    s.setRatio(1.5f);
    s.setPrice(189.25);
    s.setText("Kirk");
    s.setMarker(true);
    s.setDay(date(2026, 3, 2));
    s.setStamp(dateTime(2026, 3, 2, 14, 30, 0, 123456789));
    s.setClock(LocalTime.of(14, 30, 0, 500000000));
    s.setExtra(blob(c));
    s.setColour(Colour.GREEN);
    s.setShape(Shape.TRIANGLE);
    s.setGrade(Grade.GOLD);
    s.setSymbol("VOD.L");
    list.add(new Case("scalars", Scalars.class, "every scalar type set to an ordinary value", s));

    s = new Scalars(false);
    s.setTiny(Byte.MAX_VALUE);
    s.setSmall(Short.MAX_VALUE);
    s.setCount(Integer.MAX_VALUE);
    s.setBig(Long.MAX_VALUE);
    s.setRatio(Float.POSITIVE_INFINITY);
    s.setPrice(Double.MAX_VALUE);
    s.setText("");
    s.setMarker(false);
    s.setColour(Colour.INDIGO);
    s.setShape(Shape.CIRCLE);
    s.setGrade(Grade.BRONZE);
    list.add(new Case("scalars-max", Scalars.class,
        "maximum of every integer width, float +Infinity, Double.MAX_VALUE, empty string, indicator false", s));

    s = new Scalars(false);
    s.setTiny(Byte.MIN_VALUE);
    s.setSmall(Short.MIN_VALUE);
    s.setCount(Integer.MIN_VALUE);
    s.setBig(Long.MIN_VALUE);
    s.setRatio(Float.NaN);
    s.setPrice(Double.NaN);
    list.add(new Case("scalars-min", Scalars.class, "minimum of every integer width, float and double NaN", s));

    s = new Scalars(true);
    s.setTiny((byte) 0);
    s.setSmall((short) -1);
    s.setCount(-32768);
    s.setBig(2147483647L);
    s.setRatio(-0.0f);
    s.setPrice(Double.NEGATIVE_INFINITY);
    list.add(new Case("scalars-reduced", Scalars.class,
        "values that fit a smaller width (short -1, int -32768, long 2147483647), float -0.0, double -Infinity", s));

    s = new Scalars(true);
    s.setBig(-129L);
    s.setCount(128);
    s.setSmall((short) 255);
    s.setPrice(-0.0);
    s.setRatio(Float.NEGATIVE_INFINITY);
    list.add(new Case("scalars-reduced-edges", Scalars.class,
        "long -129 (short), int 128 (short), short 255, double -0.0, float -Infinity", s));

    list.add(new Case("scalars-unset", Scalars.class, "only the required flag (true); every optional field null",
        new Scalars(true)));

    s = new Scalars(true);
    s.setDay(LocalDate.of(-999999999, 1, 1));
    s.setStamp(LocalDateTime.of(LocalDate.of(-999999999, 1, 1), LocalTime.MIDNIGHT));
    list.add(new Case("date-min", Scalars.class, "LocalDate and LocalDateTime at ThreeTen's minimum year -999999999",
        s));

    s = new Scalars(true);
    s.setDay(LocalDate.of(999999999, 12, 31));
    s.setStamp(dateTime(999999999, 12, 31, 23, 59, 59, 999999999));
    s.setClock(LocalTime.of(23, 59, 59, 999999999));
    list.add(new Case("date-max", Scalars.class, "LocalDate, LocalDateTime and LocalTime at ThreeTen's maximum", s));

    s = new Scalars(true);
    s.setDay(date(-4194304, 1, 1));
    s.setStamp(dateTime(4194303, 12, 31, 23, 59, 59, 999999999));
    s.setClock(LocalTime.MIDNIGHT);
    list.add(new Case("date-fudge-range", Scalars.class,
        "the widest years Fudge's 23-bit year holds: -4194304-01-01 and 4194303-12-31T23:59:59.999999999; time 00:00",
        s));

    s = new Scalars(true);
    s.setStamp(OffsetDateTime.of(2026, MonthOfYear.MARCH, 2, 14, 30, 0, 250000000, ZoneOffset.ofHoursMinutes(5, 30)));
    s.setDay(OffsetDateTime.of(2026, MonthOfYear.MARCH, 2, 23, 0, ZoneOffset.ofHours(-8)));
    s.setClock(OffsetDateTime.of(2026, MonthOfYear.MARCH, 2, 9, 15, ZoneOffset.ofHours(1)));
    list.add(new Case("datetime-offset", Scalars.class,
        "stamp set from an OffsetDateTime 2026-03-02T14:30:00.25+05:30 (setStamp takes a DateTimeProvider), day from "
            + "2026-03-02T23:00-08:00, clock from 09:15+01:00", s));

    Named n = new Named();
    n.setFlag(true);
    n.setTiny((byte) 1);
    n.setSmall((short) 2);
    n.setCount(3);
    n.setBig(4L);
    n.setRatio(0.1f);
    n.setPrice(0.1);
    n.setText("a\u00e9\u20ac" + SMILE + "z");
    n.setMarker(true);
    n.setDefault(-1);
    n.setMessage("msg");
    n.setRequired(-4294967296L);
    n.setColour(Colour.RED);
    n.setShape(Shape.SQUARE);
    list.add(new Case("named", Named.class,
        "fields without ordinals; $default, $message, $required; text with U+00E9, U+20AC, U+1F600", n));

    n = new Named();
    n.setText(SMILE);
    n.setMessage("");
    list.add(new Case("named-nonbmp", Named.class, "text = U+1F600 alone, message = empty string", n));

    org.example.wide.Arrays a = new org.example.wide.Arrays();
    a.setBools(new boolean[] {true, false, true});
    a.setBytes(new byte[] {Byte.MIN_VALUE, -1, 0, 1, Byte.MAX_VALUE});
    a.setShorts(new short[] {Short.MIN_VALUE, 1, Short.MAX_VALUE});
    a.setInts(new int[] {Integer.MIN_VALUE, 1, Integer.MAX_VALUE});
    a.setLongs(new long[] {Long.MIN_VALUE, 1, Long.MAX_VALUE});
    a.setFloats(new float[] {Float.NaN, -0.0f, Float.NEGATIVE_INFINITY, 1.5f});
    a.setDoubles(new double[] {Double.NaN, -0.0, Double.POSITIVE_INFINITY, 0.1});
    a.setStrings(new String[] {"x", "", null, SMILE});
    a.setDays(new LocalDate[] {date(2026, 3, 2), date(1, 1, 1), date(-1, 12, 31)});
    a.setStamps(new LocalDateTime[] {dateTime(2026, 3, 2, 0, 0, 0, 0), dateTime(1970, 1, 1, 0, 0, 0, 1)});
    a.setClocks(new LocalTime[] {LocalTime.MIDNIGHT, LocalTime.of(23, 59, 59, 999999999)});
    a.setBlobs(new org.fudgemsg.FudgeFieldContainer[] {blob(c), c.newMessage()});
    a.setColours(new Colour[] {Colour.RED, Colour.INDIGO, Colour.BLUE});
    a.setShapes(new Shape[] {Shape.TRIANGLE, Shape.CIRCLE});
    a.setPoints(new Point[] {new Point(1, 2), null, new Point(-3, 40000)});
    a.setGrid(new int[][] {{1, 2}, {}, {300}});
    a.setWords(new String[][] {{"a", "b"}, {"c"}});
    a.setQuad(new byte[] {1, 2, 3, 4});
    a.setTriple(new double[] {1, 2, 3});
    a.setPair(new String[] {"left", "right"});
    a.setFixedGrid(new int[][] {{1, 2}, {3, 4}, {5, 6}}); // int[2][3]: three elements of int[2]
    a.setGrades(new Grade[] {Grade.SILVER, Grade.GOLD});
    list.add(new Case("arrays", org.example.wide.Arrays.class,
        "every array field but marks: extremes, NaN, -0.0, a null string and a null Point element, nested and fixed "
            + "arrays", a));

    a = new org.example.wide.Arrays();
    a.setMarks(new boolean[] {true, false, true});
    list.add(new Case("indicator-array", org.example.wide.Arrays.class, "indicator[] marks = {true, false, true} alone",
        a));

    a = new org.example.wide.Arrays();
    a.setMarks(new boolean[] {false, false});
    list.add(new Case("indicator-array-false", org.example.wide.Arrays.class,
        "indicator[] marks = {false, false} alone", a));

    a = new org.example.wide.Arrays();
    a.setBools(new boolean[0]);
    a.setBytes(new byte[0]);
    a.setShorts(new short[0]);
    a.setInts(new int[0]);
    a.setLongs(new long[0]);
    a.setFloats(new float[0]);
    a.setDoubles(new double[0]);
    a.setStrings(new String[0]);
    a.setDays(new LocalDate[0]);
    a.setStamps(new LocalDateTime[0]);
    a.setClocks(new LocalTime[0]);
    a.setBlobs(new org.fudgemsg.FudgeFieldContainer[0]);
    a.setColours(new Colour[0]);
    a.setShapes(new Shape[0]);
    a.setPoints(new Point[0]);
    a.setGrid(new int[0][]);
    a.setWords(new String[0][]);
    a.setMarks(new boolean[0]);
    a.setGrades(new Grade[0]);
    list.add(new Case("arrays-empty", org.example.wide.Arrays.class,
        "every variable-size array empty (fixed-size ones null, since they must have their length)", a));

    Repeated r = new Repeated(Arrays.asList(1, 70000));
    r.setFlags(Arrays.asList(true, false));
    r.setTinies(Arrays.asList((byte) -128, (byte) 127));
    r.setSmalls(Arrays.asList((short) 1, (short) -300));
    r.setCounts(Arrays.asList(1, -70000, Integer.MAX_VALUE));
    r.setBigs(Arrays.asList(1L, -1L, Long.MIN_VALUE));
    r.setRatios(Arrays.asList(Float.NaN, 2.5f));
    r.setPrices(Arrays.asList(-0.0, Double.NaN));
    r.setTexts(Arrays.asList("a", "", SMILE));
    r.setMarks(Arrays.asList(true, false, true));
    r.setDays(Arrays.asList(date(2026, 3, 2)));
    r.setStamps(Arrays.asList(dateTime(2026, 3, 2, 14, 30, 0, 0)));
    r.setClocks(Arrays.asList(LocalTime.of(14, 30)));
    r.setBlobs(Arrays.asList(blob(c), c.newMessage()));
    r.setColours(Arrays.asList(Colour.BLUE, Colour.GREEN));
    r.setShapes(Arrays.asList(Shape.SQUARE));
    r.setPoints(Arrays.asList(new Point(1, 2), new Point(3, 4)));
    list.add(new Case("repeated", Repeated.class, "every repeated field; marks = [true, false, true]", r));

    list.add(new Case("repeated-empty", Repeated.class, "only the required repeated field (needed = [0]); the rest "
        + "empty lists", new Repeated(Arrays.asList(0))));

    list.add(new Case("defaults-unset", Defaults.class, "new Defaults (): nothing set, so every default applies",
        new Defaults()));

    Defaults d = new Defaults();
    d.setAnswer(null);
    d.setNegative(null);
    d.setSmallest(null);
    d.setWide(null);
    d.setRatio(null);
    d.setPrice(null);
    d.setScientific(null);
    d.setText(null);
    d.setUnknownEscape(null);
    d.setEmpty(null);
    d.setYes(null);
    d.setNo(null);
    d.setColour(null);
    d.setShape(null);
    d.setOrigin(null);
    d.setGrade(null);
    list.add(new Case("defaults-cleared", Defaults.class,
        "every optional field set to null after construction: only the required 'needed' (its default 5) is left", d));

    d = new Defaults();
    d.setAnswer(-42);
    d.setNegative(7);
    d.setHuge(-5000000000L);
    d.setText("other");
    d.setYes(false);
    d.setColour(Colour.RED);
    d.setShape(Shape.CIRCLE);
    d.setOrigin(new Point(0, 0));
    d.setNeeded(-5);
    d.setPlain(1);
    list.add(new Case("defaults-changed", Defaults.class, "some defaulted fields changed, huge and plain set", d));

    list.add(new Case("frozen-builder", Frozen.class, "new Frozen.Builder (\"F1\").build (): defaults of level and "
        + "label from the builder", new Frozen.Builder("F1").build()));
    list.add(new Case("frozen-full", Frozen.class, "Frozen built with every field",
        new Frozen.Builder("F2").level(-1).note("n").label("L").build()));

    Equity e = new Equity("E1");
    e.setOwner("kirk");
    e.setTicker("ACME");
    list.add(new Case("equity", Equity.class, "Equity (redeclares owner without an ordinal) at the top level", e));

    Bond b = new Bond("B1");
    b.setCoupon(4.25);
    list.add(new Case("bond", Bond.class, "Bond (redeclares note with default \"bond\"), only id and coupon set", b));

    Convertible cv = new Convertible("C1");
    cv.setUnderlying("E1");
    cv.setOwner("spock");
    list.add(new Case("convertible", Convertible.class, "three-level Convertible at the top level", cv));

    Gilt g = new Gilt("G1");
    g.setYield(0.5);
    list.add(new Case("gilt", Gilt.class, "Gilt (its level default 2 and required rank were dropped by the compiler)",
        g));

    Strip st = new Strip("S1");
    st.setCoupons(3);
    list.add(new Case("strip", Strip.class, "Strip (its 'required int rank' redeclaration was dropped): rank unset",
        st));

    Holder h = new Holder();
    Convertible cv2 = new Convertible("C2");
    cv2.setCoupon(1.0);
    h.setBond(cv2);
    Bond b2 = new Bond("B2");
    h.setBonds(Arrays.asList(b2, cv2));
    h.setBondArray(new Bond[] {cv2, null, b2});
    h.setExact(e);
    Leaf leaf = new Leaf(1, 2, 3);
    h.setDeep(leaf);
    h.setDeeps(Arrays.asList(new Base2(9), leaf));
    h.setDeepArray(new Base2[] {leaf, new Base2(8)});
    h.setWheel(new Wheel("w", 36));
    list.add(new Case("holder", Holder.class, "derived instances in base-typed fields, a repeated field and arrays", h));

    Outer o = new Outer();
    o.setInner(new Outer.Inner(1, Outer.Inner.Mode.OFF));
    o.setInners(Arrays.asList(new Outer.Inner(2, Outer.Inner.Mode.ON), new Outer.Inner()));
    o.setMode(Outer.Inner.Mode.ON);
    o.setPart(new Wheel("front", 32));
    list.add(new Case("outer", Outer.class, "nested message and enum; a Wheel (extends Outer.Part) in the Part field",
        o));

    list.add(new Case("bound", Bound.class, "message with language bindings", new Bound("b")));
    return list;
  }
}
