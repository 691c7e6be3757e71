# from data_utils.data_handler_general_cf import *
# from data_utils.data_handler_multi_behavior import *
# from data_utils.data_handler_social import *
# from data_utils.data_handler_sequential import *
# from data_utils.data_handler_kg import *