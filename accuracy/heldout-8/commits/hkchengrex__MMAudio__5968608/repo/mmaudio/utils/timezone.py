my_timezone = 'US/Central'
