from .params import count_model_param, show_model_parameters, show_model_parameters_std_and_mean

__all__ = [
    'count_model_param', 'show_model_parameters',
    'show_model_parameters_std_and_mean'
]
