package com.acme.probe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A bean whose properties have non-null initial values, as a .NET model with initializers has. */
public class Defaults {
  private Integer retries = 3;
  private String currency = "USD";
  private List<Integer> tags = new ArrayList<Integer>(Arrays.asList(1));

  public Integer getRetries() { return retries; }
  public void setRetries(Integer retries) { this.retries = retries; }
  public String getCurrency() { return currency; }
  public void setCurrency(String currency) { this.currency = currency; }
  public List<Integer> getTags() { return tags; }
  public void setTags(List<Integer> tags) { this.tags = tags; }
}
