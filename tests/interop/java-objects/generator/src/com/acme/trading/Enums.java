package com.acme.trading;

import java.util.List;
import java.util.Map;

/** An enum property, and enums inside a list and as map values. Interop test bean; see tests/interop/java-objects/README.md. */
public class Enums {
  private Side side;
  private List<Side> sides;
  private Map<String, Side> sideByName;

  public Enums() {
  }

  public Side getSide() {
    return side;
  }

  public void setSide(Side side) {
    this.side = side;
  }

  public List<Side> getSides() {
    return sides;
  }

  public void setSides(List<Side> sides) {
    this.sides = sides;
  }

  public Map<String, Side> getSideByName() {
    return sideByName;
  }

  public void setSideByName(Map<String, Side> sideByName) {
    this.sideByName = sideByName;
  }
}
