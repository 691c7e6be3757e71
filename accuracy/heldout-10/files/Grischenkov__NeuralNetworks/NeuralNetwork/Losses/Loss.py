class Loss:
    def function(x):
        pass
    def derivative(x):
        pass