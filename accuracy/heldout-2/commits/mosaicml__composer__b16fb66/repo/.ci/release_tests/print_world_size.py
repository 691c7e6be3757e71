import os

print("World Size", os.environ["WORLD_SIZE"])
