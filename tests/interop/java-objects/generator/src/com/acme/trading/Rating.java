package com.acme.trading;

/** Interop test enum: .NET declares it over byte. See tests/interop/java-objects/README.md. */
public enum Rating {
  LOW, HIGH
}
