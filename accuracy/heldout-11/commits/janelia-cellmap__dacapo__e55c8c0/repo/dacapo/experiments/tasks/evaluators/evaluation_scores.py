import attr


@attr.s
class EvaluationScores:
    """Base class for evaluation scores."""
    pass
