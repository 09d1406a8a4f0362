package com.acme.trading;

import javax.time.calendar.OffsetDateTime;

/** An OffsetDateTime at an offset that is not whole quarter hours (+05:17), which a Fudge datetime cannot hold. Interop test bean; see tests/interop/java-objects/README.md. */
public class OddOffset {
  private OffsetDateTime odd;

  public OddOffset() {
  }

  public OffsetDateTime getOdd() {
    return odd;
  }

  public void setOdd(OffsetDateTime odd) {
    this.odd = odd;
  }
}
