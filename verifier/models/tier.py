"""The evidence-tier ladder.

A tier says how close a figure is to the measurement that produced it. The ladder follows
the practice of fact-checking desks (IFCN code of principles: prefer primary sources, say when
a figure is relayed) and is ordered from strongest to weakest:

1. ``primary``: the party that made the measurement or owns the fact, self-reported
   (a vendor's blog, a company's filing, the benchmark's own results page).
2. ``independent``: a third party that observed or reproduced the measurement
   (an auditor on site, a lab that re-ran the benchmark).
3. ``secondary``: reporting that relays figures it did not measure (newspapers, trade press).
4. ``social``: social platforms, forums, unattributed figures ("the community says").
5. ``estimate``: estimates, projections and opinion ("industry estimates", analyst guesses).

A claim carries two tiers: the tier of the article that printed it (its *carrier*) and the
tier of the origin it is attributed to. A vendor figure repeated by a newspaper is a
``primary`` figure carried by a ``secondary`` source.
"""

from __future__ import annotations

from enum import Enum


class Tier(str, Enum):
    """One rung of the evidence ladder; compare with :func:`rank` (1 is strongest)."""

    primary = "primary"
    independent = "independent"
    secondary = "secondary"
    social = "social"
    estimate = "estimate"


_RANK = {Tier.primary: 1, Tier.independent: 2, Tier.secondary: 3, Tier.social: 4, Tier.estimate: 5}

TIER_DESCRIPTIONS: dict[Tier, str] = {
    Tier.primary: "the party that made the measurement, self-reported",
    Tier.independent: "a third party that observed or reproduced the measurement",
    Tier.secondary: "reporting that relays figures it did not measure",
    Tier.social: "social platforms, forums or unattributed figures",
    Tier.estimate: "estimates, projections and opinion",
}


def rank(tier: Tier) -> int:
    """Return the rung of ``tier``: 1 (primary, strongest) to 5 (estimate, weakest)."""
    return _RANK[Tier(tier)]
