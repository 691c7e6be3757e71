from .data_preprocess import ice_transparency, calculate_distance_matrix, prepare_sensors
from .log_visualize import progress_bar
from .caculate_basic_line import initial_data,extract_direction
