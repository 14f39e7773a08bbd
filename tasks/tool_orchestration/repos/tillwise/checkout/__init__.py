"""tillwise: the checkout service that prices carts and records orders."""
