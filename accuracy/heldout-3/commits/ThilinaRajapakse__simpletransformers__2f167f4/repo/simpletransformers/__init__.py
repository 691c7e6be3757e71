name = "simpletransformers"
