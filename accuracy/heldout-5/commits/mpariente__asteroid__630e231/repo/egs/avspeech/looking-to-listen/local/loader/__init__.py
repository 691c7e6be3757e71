from .frames import input_face_embeddings
