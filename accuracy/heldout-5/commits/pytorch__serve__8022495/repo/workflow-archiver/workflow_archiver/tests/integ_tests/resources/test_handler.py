def my_handler(data, context):
    pass
