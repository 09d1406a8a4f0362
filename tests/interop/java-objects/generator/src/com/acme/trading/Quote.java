package com.acme.trading;

/** A two-sided price from one venue. Interop test bean; see tests/interop/java-objects/README.md. */
public class Quote {
  private double bid;
  private double ask;
  private String venue;

  public Quote() {
  }

  public double getBid() {
    return bid;
  }

  public void setBid(double bid) {
    this.bid = bid;
  }

  public double getAsk() {
    return ask;
  }

  public void setAsk(double ask) {
    this.ask = ask;
  }

  public String getVenue() {
    return venue;
  }

  public void setVenue(String venue) {
    this.venue = venue;
  }
}
