class BatchGenerator:
    """
    A batch generator contains the data pipeline for generating a batch for training.
    Configuration of the BatchGenerator includes things like Augmentations
    """

    pass