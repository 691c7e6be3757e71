
import datetime

def get_current_time():
    return datetime.datetime.now().strftime("%m%d-%H:%M:%S")
