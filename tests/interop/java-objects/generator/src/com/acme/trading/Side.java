package com.acme.trading;

/** Side of an order. Interop test enum; see tests/interop/java-objects/README.md. */
public enum Side {
  BUY, SELL, SHORT_SELL
}
