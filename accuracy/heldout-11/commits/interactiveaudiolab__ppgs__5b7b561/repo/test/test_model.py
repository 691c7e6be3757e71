###############################################################################
# Test model
###############################################################################


def test_model(model):
    """Shape test for the forward pass

    Arguments
        model - ppgs.Model
            The model to test
    """
    # TODO - test model
    pass
