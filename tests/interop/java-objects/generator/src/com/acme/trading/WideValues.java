package com.acme.trading;

import java.math.BigInteger;
import java.net.URI;

/**
 * Values .NET maps without a Fudge type of their own: a BigInteger and a URI, which Fudge-Java 0.3 has no secondary
 * type for (it writes each as a bean of its getters). Interop test bean; see tests/interop/java-objects/README.md.
 */
public class WideValues {
  private BigInteger big;
  private URI link;

  public WideValues() {
  }

  public BigInteger getBig() {
    return big;
  }

  public void setBig(BigInteger big) {
    this.big = big;
  }

  public URI getLink() {
    return link;
  }

  public void setLink(URI link) {
    this.link = link;
  }
}
