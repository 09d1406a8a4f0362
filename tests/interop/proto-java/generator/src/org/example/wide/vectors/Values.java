package org.example.wide.vectors;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fudgemsg.FudgeField;
import org.fudgemsg.FudgeFieldContainer;

/**
 * Renders an instance of a Fudge-Proto generated class as "path = value" lines: the private "_x" fields of each class
 * from the root class down, in declaration order. The same rendering compares instances (read-back).
 */
final class Values {
  private Values() {
  }

  static String escape(String s) {
    StringBuilder sb = new StringBuilder();
    for (char c : s.toCharArray()) {
      if (c == '\\') sb.append("\\\\");
      else if (c == '"') sb.append("\\\"");
      else if (c >= 0x20 && c < 0x7f) sb.append(c);
      else sb.append(String.format("\\u%04x", (int) c));
    }
    return sb.toString();
  }

  static Map<String, String> render(Object root) {
    Map<String, String> out = new LinkedHashMap<String, String>();
    value("", root, out);
    return out;
  }

  static List<String> lines(Map<String, String> rendered) {
    List<String> list = new ArrayList<String>();
    for (Map.Entry<String, String> e : rendered.entrySet()) list.add(e.getKey() + " = " + e.getValue());
    return list;
  }

  /** Differences between two renderings, as lines. */
  static List<String> diff(Map<String, String> expected, Map<String, String> actual) {
    List<String> d = new ArrayList<String>();
    for (Map.Entry<String, String> e : expected.entrySet()) {
      String got = actual.get(e.getKey());
      if (got == null) d.add(e.getKey() + ": expected " + e.getValue() + ", missing");
      else if (!got.equals(e.getValue())) d.add(e.getKey() + ": expected " + e.getValue() + ", got " + got);
    }
    for (Map.Entry<String, String> e : actual.entrySet()) {
      if (!expected.containsKey(e.getKey())) d.add(e.getKey() + ": unexpected " + e.getValue());
    }
    return d;
  }

  private static List<Class<?>> chain(Class<?> c) {
    List<Class<?>> list = new ArrayList<Class<?>>();
    for (; c != null && c != Object.class; c = c.getSuperclass()) list.add(0, c);
    return list;
  }

  private static void value(String path, Object v, Map<String, String> out) {
    String p = path.isEmpty() ? "(root)" : path;
    if (v == null) {
      out.put(p, "null");
    } else if (v instanceof Float) {
      out.put(p, v + "f [bits 0x" + String.format("%08x", Float.floatToRawIntBits((Float) v)) + "]");
    } else if (v instanceof Double) {
      out.put(p, v + " [bits 0x" + String.format("%016x", Double.doubleToRawLongBits((Double) v)) + "]");
    } else if (v instanceof String) {
      out.put(p, "\"" + escape((String) v) + "\" (length " + ((String) v).length() + ")");
    } else if (v instanceof Number || v instanceof Boolean) {
      out.put(p, v + " (" + v.getClass().getSimpleName() + ")");
    } else if (v instanceof Enum) {
      out.put(p, ((Enum<?>) v).name() + " (" + v.getClass().getName() + ")");
    } else if (v.getClass().getName().startsWith("javax.time.")) {
      out.put(p, v + " (" + v.getClass().getSimpleName() + ")");
    } else if (v.getClass().isArray()) {
      int n = java.lang.reflect.Array.getLength(v);
      out.put(p, v.getClass().getComponentType().getSimpleName() + "[" + n + "]");
      for (int i = 0; i < n; i++) value(path + "[" + i + "]", java.lang.reflect.Array.get(v, i), out);
    } else if (v instanceof Collection) {
      out.put(p, "list of " + ((Collection<?>) v).size());
      int i = 0;
      for (Object o : (Collection<?>) v) value(path + "[" + (i++) + "]", o, out);
    } else if (v instanceof FudgeFieldContainer) {
      out.put(p, "anonymous message of " + ((FudgeFieldContainer) v).getNumFields() + " field(s)");
      int i = 0;
      for (FudgeField f : (FudgeFieldContainer) v) {
        value(path + "{" + (i++) + " name=" + f.getName() + " ordinal=" + f.getOrdinal() + " type="
            + f.getType().getTypeId() + "}", f.getValue(), out);
      }
    } else if (v.getClass().getName().startsWith("org.example.wide.")) {
      out.put(p, "(" + v.getClass().getName() + ")");
      for (Class<?> c : chain(v.getClass())) {
        for (Field f : c.getDeclaredFields()) {
          if (Modifier.isStatic(f.getModifiers()) || !f.getName().startsWith("_")) continue;
          f.setAccessible(true);
          try {
            value(path + (path.isEmpty() ? "" : ".") + f.getName().substring(1), f.get(v), out);
          } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
          }
        }
      }
    } else {
      out.put(p, v + " (" + v.getClass().getName() + ")");
    }
  }
}
