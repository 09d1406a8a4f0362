package com.acme.trading;

import javax.time.calendar.OffsetDateTime;

/** OffsetDateTimes at offsets of whole quarter hours, east and west. Interop test bean; see tests/interop/java-objects/README.md. */
public class Offsets {
  private OffsetDateTime east;
  private OffsetDateTime west;
  private OffsetDateTime nepal;
  private OffsetDateTime newfoundland;
  private OffsetDateTime utc;

  public Offsets() {
  }

  public OffsetDateTime getEast() {
    return east;
  }

  public void setEast(OffsetDateTime east) {
    this.east = east;
  }

  public OffsetDateTime getWest() {
    return west;
  }

  public void setWest(OffsetDateTime west) {
    this.west = west;
  }

  public OffsetDateTime getNepal() {
    return nepal;
  }

  public void setNepal(OffsetDateTime nepal) {
    this.nepal = nepal;
  }

  public OffsetDateTime getNewfoundland() {
    return newfoundland;
  }

  public void setNewfoundland(OffsetDateTime newfoundland) {
    this.newfoundland = newfoundland;
  }

  public OffsetDateTime getUtc() {
    return utc;
  }

  public void setUtc(OffsetDateTime utc) {
    this.utc = utc;
  }
}
