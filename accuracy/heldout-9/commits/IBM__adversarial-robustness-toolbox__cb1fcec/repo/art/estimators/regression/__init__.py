from art.estimators.regression.regressor import RegressorMixin
