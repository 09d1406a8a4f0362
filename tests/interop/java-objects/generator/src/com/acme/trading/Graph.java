package com.acme.trading;

import java.beans.PropertyDescriptor;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Collection;
import java.util.Date;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;

import org.apache.commons.beanutils.PropertyUtils;

/**
 * Reflective rendering and deep comparison of the catalog's object graphs. Beans are the non-enum classes of package
 * com.acme.trading; their properties are listed exactly as commons-beanutils lists them (which is also what
 * Fudge-Java's JavaBeanBuilder iterates), minus "class".
 */
final class Graph {

  private Graph() {
  }

  static boolean isBean(Object o) {
    return o != null && !(o instanceof Enum) && o.getClass().getPackage() != null
        && "com.acme.trading".equals(o.getClass().getPackage().getName());
  }

  /** The readable properties of a bean class, in introspection order, without "class". */
  static List<PropertyDescriptor> properties(Class<?> type) {
    List<PropertyDescriptor> list = new ArrayList<PropertyDescriptor>();
    for (PropertyDescriptor pd : PropertyUtils.getPropertyDescriptors(type)) {
      if (!"class".equals(pd.getName()) && pd.getReadMethod() != null) {
        list.add(pd);
      }
    }
    return list;
  }

  static Object read(Object bean, PropertyDescriptor pd) {
    try {
      Method m = pd.getReadMethod();
      return m.invoke(bean);
    } catch (Exception e) {
      throw new IllegalStateException("cannot read " + pd.getName() + " of " + bean.getClass().getName(), e);
    }
  }

  // ---------------------------------------------------------------- rendering

  /** Renders the whole graph, one line per node, each line starting with its path. */
  static void render(String path, Object value, List<String> out) {
    if (value == null) {
      out.add(path + " = null");
    } else if (isBean(value)) {
      out.add(path + " (" + value.getClass().getName() + ")");
      for (PropertyDescriptor pd : properties(value.getClass())) {
        render(path + "." + pd.getName(), read(value, pd), out);
      }
    } else if (value instanceof List) {
      List<?> list = (List<?>) value;
      out.add(path + " (" + value.getClass().getName() + ", size " + list.size() + ")");
      for (int i = 0; i < list.size(); i++) {
        render(path + "[" + i + "]", list.get(i), out);
      }
    } else if (value instanceof Set) {
      Set<?> set = (Set<?>) value;
      out.add(path + " (" + value.getClass().getName() + ", size " + set.size() + ")");
      int i = 0;
      for (Object e : set) {
        render(path + "{#" + i++ + "}", e, out);
      }
    } else if (value instanceof Map) {
      Map<?, ?> map = (Map<?, ?>) value;
      out.add(path + " (" + value.getClass().getName() + ", size " + map.size() + ")");
      for (Map.Entry<?, ?> e : map.entrySet()) {
        render(path + "[key " + leaf(e.getKey()) + "]", e.getValue(), out);
      }
    } else if (value.getClass().isArray() && !value.getClass().getComponentType().isPrimitive()) {
      int n = Array.getLength(value);
      out.add(path + " (" + value.getClass().getName() + ", length " + n + ")");
      for (int i = 0; i < n; i++) {
        render(path + "[" + i + "]", Array.get(value, i), out);
      }
    } else {
      out.add(path + " = " + leaf(value));
    }
  }

  /** Java's toString of a leaf (made exact where toString is lossy or huge), followed by its class. */
  static String leaf(Object v) {
    if (v == null) {
      return "null";
    }
    return leafText(v) + " (" + v.getClass().getName() + ")";
  }

  private static String leafText(Object v) {
    if (v instanceof String) {
      return quote((String) v);
    } else if (v instanceof Character) {
      char c = (Character) v;
      return "'" + escape(String.valueOf(c)) + "' [U+" + String.format("%04X", (int) c) + "]";
    } else if (v instanceof Float) {
      return v + " [bits 0x" + String.format("%08x", Float.floatToRawIntBits((Float) v)) + "]";
    } else if (v instanceof Double) {
      return v + " [bits 0x" + String.format("%016x", Double.doubleToRawLongBits((Double) v)) + "]";
    } else if (v instanceof Date) {
      return v + " [getTime()=" + ((Date) v).getTime() + "]";
    } else if (v instanceof Calendar) {
      Calendar c = (Calendar) v;
      return String.format("%04d-%02d-%02dT%02d:%02d:%02d.%03d in zone %s [getTimeInMillis()=%d]",
          c.get(Calendar.YEAR), c.get(Calendar.MONTH) + 1, c.get(Calendar.DAY_OF_MONTH),
          c.get(Calendar.HOUR_OF_DAY), c.get(Calendar.MINUTE), c.get(Calendar.SECOND), c.get(Calendar.MILLISECOND),
          c.getTimeZone().getID(), c.getTimeInMillis());
    } else if (v instanceof TimeZone) {
      TimeZone z = (TimeZone) v;
      return "TimeZone id=" + z.getID() + " rawOffset=" + z.getRawOffset();
    } else if (v instanceof byte[]) {
      return Arrays.toString((byte[]) v);
    } else if (v instanceof short[]) {
      return Arrays.toString((short[]) v);
    } else if (v instanceof int[]) {
      return Arrays.toString((int[]) v);
    } else if (v instanceof long[]) {
      return Arrays.toString((long[]) v);
    } else if (v instanceof float[]) {
      return Arrays.toString((float[]) v);
    } else if (v instanceof double[]) {
      return Arrays.toString((double[]) v);
    } else if (v instanceof char[]) {
      return quote(new String((char[]) v));
    } else if (v instanceof boolean[]) {
      return Arrays.toString((boolean[]) v);
    }
    return escape(String.valueOf(v));
  }

  static String quote(String s) {
    return "\"" + escape(s) + "\"";
  }

  /** Escapes everything outside printable ASCII as Java \\uXXXX (UTF-16 code units). */
  static String escape(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20 || c > 0x7e) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  // ---------------------------------------------------------------- comparison

  /**
   * Deep comparison of an expected graph with an actual one; differences are appended to diffs. Beans, arrays and
   * leaves must have exactly the expected class; lists compare in order, sets and maps regardless of order and of
   * their implementation class. Floats and doubles compare by bits (all NaNs equal), Dates by getTime(), Calendars
   * by getTimeInMillis() and zone ID, TimeZones by ID, everything else by equals().
   */
  static void compare(String path, Object exp, Object act, List<String> diffs) {
    if (exp == null || act == null) {
      if (exp != act) {
        diffs.add(path + ": expected " + leafOrClass(exp) + ", got " + leafOrClass(act));
      }
      return;
    }
    if (isBean(exp)) {
      if (exp.getClass() != act.getClass()) {
        diffs.add(path + ": expected class " + exp.getClass().getName() + ", got " + act.getClass().getName());
        return;
      }
      for (PropertyDescriptor pd : properties(exp.getClass())) {
        compare(path + "." + pd.getName(), read(exp, pd), read(act, pd), diffs);
      }
    } else if (exp instanceof List) {
      if (!(act instanceof List)) {
        diffs.add(path + ": expected a List, got " + act.getClass().getName());
        return;
      }
      List<?> e = (List<?>) exp;
      List<?> a = (List<?>) act;
      if (e.size() != a.size()) {
        diffs.add(path + ": expected size " + e.size() + ", got " + a.size());
        return;
      }
      for (int i = 0; i < e.size(); i++) {
        compare(path + "[" + i + "]", e.get(i), a.get(i), diffs);
      }
    } else if (exp instanceof Set) {
      if (!(act instanceof Set)) {
        diffs.add(path + ": expected a Set, got " + act.getClass().getName());
        return;
      }
      compareUnordered(path, (Set<?>) exp, (Set<?>) act, diffs);
    } else if (exp instanceof Map) {
      if (!(act instanceof Map)) {
        diffs.add(path + ": expected a Map, got " + act.getClass().getName());
        return;
      }
      Map<?, ?> e = (Map<?, ?>) exp;
      Map<?, ?> a = (Map<?, ?>) act;
      if (e.size() != a.size()) {
        diffs.add(path + ": expected size " + e.size() + ", got " + a.size());
      }
      for (Map.Entry<?, ?> entry : e.entrySet()) {
        Object key = findEqual(entry.getKey(), a.keySet());
        if (key == NOT_FOUND) {
          List<String> keyDiffs = new ArrayList<String>();
          for (Object k : a.keySet()) {
            if (k != null && entry.getKey() != null && String.valueOf(k).equals(String.valueOf(entry.getKey()))) {
              compare(path + "[key]", entry.getKey(), k, keyDiffs);
            }
          }
          diffs.add(path + ": key " + leaf(entry.getKey()) + " missing"
              + (keyDiffs.isEmpty() ? "" : " (" + keyDiffs.get(0) + ")"));
        } else {
          compare(path + "[key " + leaf(entry.getKey()) + "]", entry.getValue(), a.get(key), diffs);
        }
      }
    } else if (exp.getClass().isArray()) {
      if (exp.getClass() != act.getClass()) {
        diffs.add(path + ": expected " + exp.getClass().getName() + ", got " + act.getClass().getName());
        return;
      }
      int n = Array.getLength(exp);
      if (n != Array.getLength(act)) {
        diffs.add(path + ": expected length " + n + ", got " + Array.getLength(act));
        return;
      }
      for (int i = 0; i < n; i++) {
        compare(path + "[" + i + "]", Array.get(exp, i), Array.get(act, i), diffs);
      }
    } else if (!leafEquals(exp, act)) {
      diffs.add(path + ": expected " + leaf(exp) + ", got " + leafOrClass(act));
    }
  }

  private static final Object NOT_FOUND = new Object();

  private static Object findEqual(Object wanted, Collection<?> in) {
    for (Object candidate : in) {
      List<String> d = new ArrayList<String>();
      compare("", wanted, candidate, d);
      if (d.isEmpty()) {
        return candidate;
      }
    }
    return NOT_FOUND;
  }

  private static void compareUnordered(String path, Set<?> exp, Set<?> act, List<String> diffs) {
    if (exp.size() != act.size()) {
      diffs.add(path + ": expected size " + exp.size() + ", got " + act.size());
    }
    List<Object> remaining = new ArrayList<Object>(act);
    for (Object e : exp) {
      boolean found = false;
      for (Iterator<Object> it = remaining.iterator(); it.hasNext();) {
        List<String> d = new ArrayList<String>();
        compare("", e, it.next(), d);
        if (d.isEmpty()) {
          it.remove();
          found = true;
          break;
        }
      }
      if (!found) {
        diffs.add(path + ": element " + leaf(e) + " missing");
      }
    }
    for (Object r : remaining) {
      diffs.add(path + ": unexpected element " + leafOrClass(r));
    }
  }

  private static String leafOrClass(Object o) {
    if (o == null) {
      return "null";
    }
    if (isBean(o) || o instanceof Collection || o instanceof Map || o.getClass().isArray()) {
      return "a " + o.getClass().getName();
    }
    String s = leaf(o);
    return s.length() > 300 ? s.substring(0, 300) + "..." : s;
  }

  private static boolean leafEquals(Object e, Object a) {
    if (e.getClass() != a.getClass()) {
      // Calendars and TimeZones come in implementation subclasses; compare those by their abstract type
      if (!(e instanceof Calendar && a instanceof Calendar) && !(e instanceof TimeZone && a instanceof TimeZone)) {
        return false;
      }
    }
    if (e instanceof Float) {
      return Float.floatToIntBits((Float) e) == Float.floatToIntBits((Float) a);
    }
    if (e instanceof Double) {
      return Double.doubleToLongBits((Double) e) == Double.doubleToLongBits((Double) a);
    }
    if (e instanceof Date) {
      return ((Date) e).getTime() == ((Date) a).getTime();
    }
    if (e instanceof Calendar) {
      Calendar ce = (Calendar) e;
      Calendar ca = (Calendar) a;
      return ce.getTimeInMillis() == ca.getTimeInMillis() && ce.getTimeZone().getID().equals(ca.getTimeZone().getID());
    }
    if (e instanceof TimeZone) {
      return ((TimeZone) e).getID().equals(((TimeZone) a).getID());
    }
    return e.equals(a);
  }
}
