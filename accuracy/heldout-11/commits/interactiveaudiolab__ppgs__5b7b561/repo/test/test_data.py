###############################################################################
# Test data
###############################################################################


def test_dataset(dataset):
    """Shape test for the dataset __getitem__ function

    Arguments
        dataset - ppgs.Dataset
            The validation dataset
    """
    # Get an item from the dataset
    item = dataset[0]

    # TODO - check that the shape of the output of __getitem__ is as expected
    raise NotImplementedError
