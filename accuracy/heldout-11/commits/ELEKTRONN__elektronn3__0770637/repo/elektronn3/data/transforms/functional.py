# TODO: Functional transforms API
