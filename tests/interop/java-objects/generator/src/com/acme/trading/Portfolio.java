package com.acme.trading;

import java.util.List;
import java.util.Map;

/** Holds instruments through base-typed, exact-typed, list and map properties. Interop test bean; see tests/interop/java-objects/README.md. */
public class Portfolio {
  private String owner;
  private Instrument main;
  private Equity exact;
  private List<Instrument> holdings;
  private Map<String, Instrument> byId;

  public Portfolio() {
  }

  public String getOwner() {
    return owner;
  }

  public void setOwner(String owner) {
    this.owner = owner;
  }

  public Instrument getMain() {
    return main;
  }

  public void setMain(Instrument main) {
    this.main = main;
  }

  public Equity getExact() {
    return exact;
  }

  public void setExact(Equity exact) {
    this.exact = exact;
  }

  public List<Instrument> getHoldings() {
    return holdings;
  }

  public void setHoldings(List<Instrument> holdings) {
    this.holdings = holdings;
  }

  public Map<String, Instrument> getById() {
    return byId;
  }

  public void setById(Map<String, Instrument> byId) {
    this.byId = byId;
  }
}
