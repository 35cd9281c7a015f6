"""Reading the corpus: articles with front matter, claim records, the external registry."""
