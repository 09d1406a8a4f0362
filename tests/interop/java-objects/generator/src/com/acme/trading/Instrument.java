package com.acme.trading;

/** Base class of the instrument hierarchy. Interop test bean; see tests/interop/java-objects/README.md. */
public class Instrument {
  private String id;

  public Instrument() {
  }

  public String getId() {
    return id;
  }

  public void setId(String id) {
    this.id = id;
  }
}
