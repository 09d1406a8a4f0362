package com.acme.probe;

/** A bean with a read-write property, a readable-only property holding data, and a computed one. */
public class Reading {
  private String name;
  private final String id = "fixed-id";

  public String getName() { return name; }
  public void setName(String name) { this.name = name; }
  public String getId() { return id; }
  public int getLength() { return name == null ? 0 : name.length(); }
}
