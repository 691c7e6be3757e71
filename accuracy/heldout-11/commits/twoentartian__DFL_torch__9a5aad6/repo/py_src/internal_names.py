
logger_simulator_base_name = "SimulatorBase"
py_src_dir_name = "py_src"
default_config_file_name = "config_file_util/default_config.py"
default_backup_folder_name = "backup"
log_file_name = "info.log"
config_module_name = "config"
