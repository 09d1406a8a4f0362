package com.acme.trading;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Stack;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.time.Instant;
import javax.time.calendar.LocalDate;
import javax.time.calendar.LocalDateTime;
import javax.time.calendar.LocalTime;
import javax.time.calendar.OffsetDateTime;
import javax.time.calendar.ZoneOffset;

/**
 * The catalog of interop cases: case name, expected Java class, and the object itself. Every call builds fresh
 * objects, so a case can be written and compared without sharing state.
 */
public final class Catalog {

  /** One catalog entry. */
  public static final class Case {
    public final String name;
    public final Class<?> type;
    public final Object value;

    Case(String name, Class<?> type, Object value) {
      this.name = name;
      this.type = type;
      this.value = value;
    }
  }

  private Catalog() {
  }

  /** All cases, in a fixed order. */
  public static List<Case> all() {
    List<Case> cases = new ArrayList<Case>();
    cases.add(new Case("primitives", Primitives.class, primitives()));
    cases.add(new Case("primitives-extremes", Primitives.class, primitivesExtremes()));
    cases.add(new Case("boxed-nulls", Boxed.class, new Boxed()));
    cases.add(new Case("boxed", Boxed.class, boxed()));
    cases.add(new Case("text", Text.class, text()));
    cases.add(new Case("baskets", Baskets.class, baskets()));
    cases.add(new Case("baskets-empty", Baskets.class, basketsEmpty()));
    cases.add(new Case("enums", Enums.class, enums()));
    cases.add(new Case("vectors", Vectors.class, vectors()));
    cases.add(new Case("vectors-empty", Vectors.class, vectorsEmpty()));
    cases.add(new Case("quote-array", QuoteArray.class, quoteArray()));
    cases.add(new Case("portfolio", Portfolio.class, portfolio()));
    cases.add(new Case("equity-top-level", Equity.class, equity("E9", "TOP")));
    cases.add(new Case("instrument-top-level", Instrument.class, instrument("I9")));
    cases.add(new Case("temporal", Temporal.class, temporal()));
    cases.add(new Case("naming", Naming.class, naming()));
    cases.add(new Case("wide-values", WideValues.class, wideValues()));
    // Issue 41's mappings where Java has the type (docs/generator-java.md, "The .NET types of issue 41")
    cases.add(new Case("bcl-lists", BclLists.class, bclLists()));
    cases.add(new Case("bcl-sets-maps", BclSetsMaps.class, bclSetsMaps()));
    cases.add(new Case("object-bag", ObjectBag.class, objectBag()));
    cases.add(new Case("wide-enums", WideEnums.class, wideEnums()));
    cases.add(new Case("offsets", Offsets.class, offsets()));
    cases.add(new Case("offsets-odd", OddOffset.class, oddOffset()));
    cases.add(new Case("wide-text", WideText.class, wideText()));
    cases.add(new Case("top-list", List.class, topList()));
    cases.add(new Case("top-map", Map.class, topMap()));
    return cases;
  }

  /** The case with this name, or null. */
  public static Case byName(String name) {
    for (Case c : all()) {
      if (c.name.equals(name)) {
        return c;
      }
    }
    return null;
  }

  static Quote quote(double bid, double ask, String venue) {
    Quote q = new Quote();
    q.setBid(bid);
    q.setAsk(ask);
    q.setVenue(venue);
    return q;
  }

  static Primitives primitives() {
    Primitives p = new Primitives();
    p.setFlag(true);
    p.setTiny((byte) -7);
    p.setSmall((short) 300);
    p.setCount(70000);
    p.setBig(5000000000L);
    p.setRatio(1.5f);
    p.setPrice(189.25);
    p.setInitial('Q');
    return p;
  }

  static Primitives primitivesExtremes() {
    Primitives p = new Primitives();
    p.setFlag(false);
    p.setTiny(Byte.MIN_VALUE);
    p.setSmall(Short.MAX_VALUE);
    p.setCount(Integer.MIN_VALUE);
    p.setBig(Long.MAX_VALUE);
    p.setRatio(Float.NaN);
    p.setPrice(Double.NEGATIVE_INFINITY);
    p.setInitial('\u00e9');
    return p;
  }

  static Boxed boxed() {
    Boxed b = new Boxed();
    b.setFlag(Boolean.FALSE);
    b.setTiny(Byte.valueOf((byte) 1));
    b.setSmall(Short.valueOf((short) -2));
    b.setCount(Integer.valueOf(3));
    b.setBig(Long.valueOf(-4L));
    b.setRatio(Float.valueOf(-0.0f));
    b.setPrice(Double.valueOf(0.1));
    b.setText("ok");
    return b;
  }

  static Text text() {
    Text t = new Text();
    t.setPlain("Kirk");
    t.setNonBmp("\uD83D\uDE00");
    t.setEmpty("");
    t.setMixed("a\u00e9\u20ac\uD835\uDD18z");
    return t;
  }

  static Baskets baskets() {
    Baskets b = new Baskets();
    b.setNames(new ArrayList<String>(Arrays.asList("a", null, "c")));
    b.setNumbers(new LinkedHashSet<Integer>(Arrays.asList(1, 200, 70000)));
    Map<String, Double> weights = new LinkedHashMap<String, Double>();
    weights.put("x", 0.25);
    weights.put("y", 0.75);
    b.setWeights(weights);
    b.setQuotes(new ArrayList<Quote>(Arrays.asList(quote(1.0, 1.5, "XNAS"), null, quote(2.0, 2.5, "BATS"))));
    Map<String, Quote> byVenue = new LinkedHashMap<String, Quote>();
    byVenue.put("XNAS", quote(1.0, 1.5, "XNAS"));
    byVenue.put("NONE", null);
    b.setQuoteByVenue(byVenue);
    b.setTags(new LinkedHashSet<String>(Arrays.asList("t1")));
    b.setLongs(new ArrayList<Long>(Arrays.asList(1L, -1L, 10000000000L)));
    Map<Integer, String> labels = new LinkedHashMap<Integer, String>();
    labels.put(1, "one");
    labels.put(2, "two");
    b.setLabels(labels);
    return b;
  }

  static Baskets basketsEmpty() {
    Baskets b = new Baskets();
    b.setNames(new ArrayList<String>());
    b.setNumbers(new LinkedHashSet<Integer>());
    b.setWeights(new LinkedHashMap<String, Double>());
    b.setQuotes(new ArrayList<Quote>());
    b.setQuoteByVenue(new LinkedHashMap<String, Quote>());
    b.setTags(new LinkedHashSet<String>());
    b.setLongs(new ArrayList<Long>());
    b.setLabels(new LinkedHashMap<Integer, String>());
    return b;
  }

  static Enums enums() {
    Enums e = new Enums();
    e.setSide(Side.SHORT_SELL);
    e.setSides(new ArrayList<Side>(Arrays.asList(Side.BUY, Side.SELL)));
    Map<String, Side> byName = new LinkedHashMap<String, Side>();
    byName.put("b", Side.BUY);
    byName.put("s", Side.SELL);
    e.setSideByName(byName);
    return e;
  }

  static Vectors vectors() {
    Vectors v = new Vectors();
    v.setInts(new int[] {1, -2, 70000});
    v.setLongs(new long[] {1L, 5000000000L});
    v.setDoubles(new double[] {0.5, -1.25});
    v.setShorts(new short[] {1, -300});
    v.setFloats(new float[] {2.5f});
    v.setBytes(new byte[] {1, 2, 3, 4, 5});
    byte[] digest = new byte[16];
    for (int i = 0; i < digest.length; i++) {
      digest[i] = (byte) i;
    }
    v.setDigest(digest);
    v.setWords(new String[] {"x", "y"});
    return v;
  }

  static Vectors vectorsEmpty() {
    Vectors v = new Vectors();
    v.setInts(new int[0]);
    v.setLongs(new long[0]);
    v.setDoubles(new double[0]);
    v.setShorts(new short[0]);
    v.setFloats(new float[0]);
    v.setBytes(new byte[0]);
    v.setDigest(new byte[0]);
    v.setWords(new String[0]);
    return v;
  }

  static QuoteArray quoteArray() {
    QuoteArray a = new QuoteArray();
    a.setQuotes(new Quote[] {quote(1.0, 1.5, "XNAS"), quote(2.0, 2.5, "BATS")});
    return a;
  }

  static Instrument instrument(String id) {
    Instrument i = new Instrument();
    i.setId(id);
    return i;
  }

  static Equity equity(String id, String ticker) {
    Equity e = new Equity();
    e.setId(id);
    e.setTicker(ticker);
    return e;
  }

  static Bond bond(String id, double coupon, LocalDate maturity) {
    Bond b = new Bond();
    b.setId(id);
    b.setCoupon(coupon);
    b.setMaturity(maturity);
    return b;
  }

  static Portfolio portfolio() {
    Portfolio p = new Portfolio();
    p.setOwner("kirk");
    p.setMain(equity("E1", "ACME"));
    p.setExact(equity("E2", "FDG"));
    List<Instrument> holdings = new ArrayList<Instrument>();
    holdings.add(equity("E1", "ACME"));
    holdings.add(bond("B1", 4.25, LocalDate.of(2030, 6, 15)));
    holdings.add(instrument("I1"));
    p.setHoldings(holdings);
    Map<String, Instrument> byId = new LinkedHashMap<String, Instrument>();
    byId.put("B1", bond("B1", 4.25, LocalDate.of(2030, 6, 15)));
    byId.put("I1", instrument("I1"));
    p.setById(byId);
    return p;
  }

  static Temporal temporal() {
    Temporal t = new Temporal();
    t.setAmount(new BigDecimal("1234.50"));
    t.setTiny(new BigDecimal("0.00000012"));
    t.setLarge(new BigDecimal("79228162514264337593543950335"));
    t.setWhen(new Date(1700000000123L));
    GregorianCalendar calendar = new GregorianCalendar(TimeZone.getTimeZone("GMT+02:00"));
    calendar.clear();
    calendar.set(2026, 2, 2, 14, 30, 0); // month is zero-based: 2 = March
    calendar.set(GregorianCalendar.MILLISECOND, 250);
    calendar.getTimeInMillis(); // normalise the fields now
    t.setCalendar(calendar);
    t.setUuid(UUID.fromString("00112233-4455-6677-8899-aabbccddeeff"));
    t.setDate(LocalDate.of(2026, 3, 2));
    t.setTime(LocalTime.of(14, 30, 0, 123456789));
    t.setLocal(LocalDateTime.of(2026, 3, 2, 14, 30, 0, 123456789));
    t.setOffset(OffsetDateTime.of(2026, 3, 2, 14, 30, 0, 500000000, ZoneOffset.ofHours(1)));
    t.setInstant(Instant.ofEpochSeconds(1700000000L, 123456789));
    t.setZone(TimeZone.getTimeZone("Europe/London"));
    return t;
  }

  static WideValues wideValues() {
    WideValues w = new WideValues();
    w.setBig(new java.math.BigInteger("-123456789012345678901234567890"));
    w.setLink(java.net.URI.create("https://example.com/a%20b?q=1#f"));
    return w;
  }

  static Naming naming() {
    Naming n = new Naming();
    n.setTradeDate("2026-03-02");
    n.setURL("http://x");
    n.setActive(true);
    n.setX(1);
    return n;
  }

  // ---------------------------------------------------------------- issue 41

  static List<String> strings(String... values) {
    return new ArrayList<String>(Arrays.asList(values));
  }

  static BclLists bclLists() {
    BclLists b = new BclLists();
    b.setValues(strings("a", "b"));
    b.setImmutable(strings("c"));
    b.setPlain(strings("d", "e"));
    b.setReadOnly(strings("f"));
    b.setObservable(strings("g", "h"));
    b.setFifo(new LinkedList<String>(Arrays.asList("first", "second")));
    Stack<String> stack = new Stack<String>();
    stack.push("bottom");
    stack.push("top");
    b.setLifo(stack);
    b.setLinked(new LinkedList<String>(Arrays.asList("x", "y", "z")));
    b.setConcurrent(new CopyOnWriteArrayList<String>(Arrays.asList("q1", "q2")));
    return b;
  }

  static Map<String, Double> doubles(Map<String, Double> map, Object... pairs) {
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], (Double) pairs[i + 1]);
    }
    return map;
  }

  static BclSetsMaps bclSetsMaps() {
    BclSetsMaps b = new BclSetsMaps();
    b.setImmutableSet(new LinkedHashSet<String>(Arrays.asList("a")));
    b.setFrozen(new LinkedHashSet<String>(Arrays.asList("f")));
    b.setSorted(new TreeSet<String>(Arrays.asList("c", "a", "b")));
    b.setImmutableMap(doubles(new LinkedHashMap<String, Double>(), "x", 0.25));
    b.setFrozenMap(doubles(new LinkedHashMap<String, Double>(), "y", 0.75));
    b.setSortedMap(doubles(new TreeMap<String, Double>(), "b", 2.5, "a", 1.5));
    b.setSortedPairs(doubles(new TreeMap<String, Double>(), "d", 4.5, "c", 3.5));
    b.setConcurrentMap(doubles(new ConcurrentHashMap<String, Double>(), "k", 5.5));
    b.setReadOnlyMap(Collections.unmodifiableMap(doubles(new LinkedHashMap<String, Double>(), "r", 6.5)));
    return b;
  }

  static ObjectBag objectBag() {
    ObjectBag o = new ObjectBag();
    o.setValue(Integer.valueOf(70000));
    o.setText("s");
    o.setBean(quote(1.0, 1.5, "XNAS"));
    Map<String, Object> bag = new LinkedHashMap<String, Object>();
    bag.put("n", Integer.valueOf(70000));
    bag.put("s", "x");
    bag.put("d", Double.valueOf(1.5));
    bag.put("q", quote(2.0, 2.5, "BATS"));
    bag.put("none", null);
    o.setBag(bag);
    o.setItems(new ArrayList<Object>(Arrays.asList(Long.valueOf(5000000000L), "x", null, quote(3.0, 3.5, "ARCA"))));
    return o;
  }

  static WideEnums wideEnums() {
    WideEnums w = new WideEnums();
    w.setRating(Rating.HIGH);
    w.setTenor(Tenor.LONG_DATED);
    w.setLevel(Level.MAX);
    w.setRatings(new ArrayList<Rating>(Arrays.asList(Rating.LOW, Rating.HIGH)));
    return w;
  }

  static OffsetDateTime at(ZoneOffset offset) {
    return OffsetDateTime.of(2026, 3, 2, 14, 30, 0, 250000000, offset);
  }

  static Offsets offsets() {
    Offsets o = new Offsets();
    o.setEast(at(ZoneOffset.ofHours(14)));
    o.setWest(at(ZoneOffset.ofHours(-12)));
    o.setNepal(at(ZoneOffset.ofHoursMinutes(5, 45)));
    o.setNewfoundland(at(ZoneOffset.ofHoursMinutes(-3, -30)));
    o.setUtc(at(ZoneOffset.UTC));
    return o;
  }

  static OddOffset oddOffset() {
    OddOffset o = new OddOffset();
    o.setOdd(OffsetDateTime.of(2026, 3, 2, 14, 30, 0, 0, ZoneOffset.ofHoursMinutes(5, 17)));
    return o;
  }

  static WideText wideText() {
    WideText w = new WideText();
    w.setBig(new BigDecimal("-123456789012345678901234567890"));
    w.setLink("https://example.com/a%20b?q=1#f");
    w.setRelative("/orders/1?x=y");
    return w;
  }

  /** A top-level list (what .NET writes for a List&lt;Quote&gt;): ArrayList, which Java's ListBuilder reads back. */
  static List<Quote> topList() {
    return new ArrayList<Quote>(Arrays.asList(quote(1.0, 1.5, "XNAS"), null, quote(2.0, 2.5, "BATS")));
  }

  /** A top-level map: HashMap, which Java's MapBuilder reads back; keys "a" and "b" iterate in that order. */
  static Map<String, Quote> topMap() {
    Map<String, Quote> map = new HashMap<String, Quote>();
    map.put("a", quote(1.0, 1.5, "XNAS"));
    map.put("b", null);
    return map;
  }
}
