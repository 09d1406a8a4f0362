package com.acme.trading;

/** A whole number as a BigDecimal and addresses as Strings: the Java types that carry .NET's BigInteger and Uri. Interop test bean; see tests/interop/java-objects/README.md. */
public class WideText {
  private java.math.BigDecimal big;
  private String link;
  private String relative;

  public WideText() {
  }

  public java.math.BigDecimal getBig() {
    return big;
  }

  public void setBig(java.math.BigDecimal big) {
    this.big = big;
  }

  public String getLink() {
    return link;
  }

  public void setLink(String link) {
    this.link = link;
  }

  public String getRelative() {
    return relative;
  }

  public void setRelative(String relative) {
    this.relative = relative;
  }
}
