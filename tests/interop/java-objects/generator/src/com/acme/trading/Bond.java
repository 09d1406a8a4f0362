package com.acme.trading;

import javax.time.calendar.LocalDate;

/** An instrument with a coupon and a maturity date. Interop test bean; see tests/interop/java-objects/README.md. */
public class Bond extends Instrument {
  private double coupon;
  private LocalDate maturity;

  public Bond() {
  }

  public double getCoupon() {
    return coupon;
  }

  public void setCoupon(double coupon) {
    this.coupon = coupon;
  }

  public LocalDate getMaturity() {
    return maturity;
  }

  public void setMaturity(LocalDate maturity) {
    this.maturity = maturity;
  }
}
