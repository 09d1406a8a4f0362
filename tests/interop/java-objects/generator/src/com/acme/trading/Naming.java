package com.acme.trading;

/**
 * Property names that stress JavaBeans introspection: an all-capitals name (URL), a boolean "is" getter and a
 * one-letter name. Interop test bean; see tests/interop/java-objects/README.md.
 */
public class Naming {
  private String tradeDate;
  private String URL;
  private boolean active;
  private int x;

  public Naming() {
  }

  public String getTradeDate() {
    return tradeDate;
  }

  public void setTradeDate(String tradeDate) {
    this.tradeDate = tradeDate;
  }

  public String getURL() {
    return URL;
  }

  public void setURL(String url) {
    this.URL = url;
  }

  public boolean isActive() {
    return active;
  }

  public void setActive(boolean active) {
    this.active = active;
  }

  public int getX() {
    return x;
  }

  public void setX(int x) {
    this.x = x;
  }
}
