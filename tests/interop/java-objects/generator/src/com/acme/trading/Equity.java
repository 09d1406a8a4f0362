package com.acme.trading;

/** An instrument with a ticker. Interop test bean; see tests/interop/java-objects/README.md. */
public class Equity extends Instrument {
  private String ticker;

  public Equity() {
  }

  public String getTicker() {
    return ticker;
  }

  public void setTicker(String ticker) {
    this.ticker = ticker;
  }
}
