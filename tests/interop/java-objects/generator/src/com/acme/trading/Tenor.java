package com.acme.trading;

/** Interop test enum: .NET declares it over long. See tests/interop/java-objects/README.md. */
public enum Tenor {
  OVERNIGHT, LONG_DATED
}
