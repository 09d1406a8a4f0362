package com.acme.trading;

/** Strings that exercise UTF-8: ASCII, a supplementary-plane character, the empty string and a mix. Interop test bean; see tests/interop/java-objects/README.md. */
public class Text {
  private String plain;
  private String nonBmp;
  private String empty;
  private String mixed;

  public Text() {
  }

  public String getPlain() {
    return plain;
  }

  public void setPlain(String plain) {
    this.plain = plain;
  }

  public String getNonBmp() {
    return nonBmp;
  }

  public void setNonBmp(String nonBmp) {
    this.nonBmp = nonBmp;
  }

  public String getEmpty() {
    return empty;
  }

  public void setEmpty(String empty) {
    this.empty = empty;
  }

  public String getMixed() {
    return mixed;
  }

  public void setMixed(String mixed) {
    this.mixed = mixed;
  }
}
