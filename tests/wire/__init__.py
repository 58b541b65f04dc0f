"""Wire-level test helpers: real HTTP servers on 127.0.0.1 that speak the model providers' formats."""
