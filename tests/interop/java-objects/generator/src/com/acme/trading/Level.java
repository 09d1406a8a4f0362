package com.acme.trading;

/** Interop test enum: .NET declares it over ulong, MAX as ulong.MaxValue. See tests/interop/java-objects/README.md. */
public enum Level {
  MIN, MAX
}
