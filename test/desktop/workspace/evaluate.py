import torch


def evaluate(model, loader):
    model.eval()
    correct = 0
    for images, labels in loader:
        logits = model(images.cuda())
        correct += (logits.argmax(1) == labels.cuda()).sum().item()
    return correct
