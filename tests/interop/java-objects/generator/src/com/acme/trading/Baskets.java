package com.acme.trading;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Generic collections: lists, sets and maps of strings, numbers and beans. Interop test bean; see tests/interop/java-objects/README.md. */
public class Baskets {
  private List<String> names;
  private Set<Integer> numbers;
  private Map<String, Double> weights;
  private List<Quote> quotes;
  private Map<String, Quote> quoteByVenue;
  private Set<String> tags;
  private List<Long> longs;
  private Map<Integer, String> labels;

  public Baskets() {
  }

  public List<String> getNames() {
    return names;
  }

  public void setNames(List<String> names) {
    this.names = names;
  }

  public Set<Integer> getNumbers() {
    return numbers;
  }

  public void setNumbers(Set<Integer> numbers) {
    this.numbers = numbers;
  }

  public Map<String, Double> getWeights() {
    return weights;
  }

  public void setWeights(Map<String, Double> weights) {
    this.weights = weights;
  }

  public List<Quote> getQuotes() {
    return quotes;
  }

  public void setQuotes(List<Quote> quotes) {
    this.quotes = quotes;
  }

  public Map<String, Quote> getQuoteByVenue() {
    return quoteByVenue;
  }

  public void setQuoteByVenue(Map<String, Quote> quoteByVenue) {
    this.quoteByVenue = quoteByVenue;
  }

  public Set<String> getTags() {
    return tags;
  }

  public void setTags(Set<String> tags) {
    this.tags = tags;
  }

  public List<Long> getLongs() {
    return longs;
  }

  public void setLongs(List<Long> longs) {
    this.longs = longs;
  }

  public Map<Integer, String> getLabels() {
    return labels;
  }

  public void setLabels(Map<Integer, String> labels) {
    this.labels = labels;
  }
}
