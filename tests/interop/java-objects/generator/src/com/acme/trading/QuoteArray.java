package com.acme.trading;

/** An array of beans. Interop test bean; see tests/interop/java-objects/README.md. */
public class QuoteArray {
  private Quote[] quotes;

  public QuoteArray() {
  }

  public Quote[] getQuotes() {
    return quotes;
  }

  public void setQuotes(Quote[] quotes) {
    this.quotes = quotes;
  }
}
