"""Training that validates after every epoch in the same function, keeping the validation logits.

The validation loop runs without no_grad and collects every batch's logits in a list; after the
loop they are joined, moved to the CPU and scored. oomlint's guard on that loop would then reveal
the logits kept on the device, so its fix offers both at once: no_grad, and `.cpu()` on each batch.
"""
import os
import tempfile

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def load_validation_set():
    # Read from a file, as real code reads it.
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "val.pt")
        torch.save({"x": torch.randn(24, 6), "y": torch.randint(0, 3, (24,))}, path)
        data = torch.load(path)
    return torch.utils.data.DataLoader(torch.utils.data.TensorDataset(data["x"], data["y"]), batch_size=8)


def train(model, optimizer, train_loader, val_loader, epochs):
    criterion = nn.CrossEntropyLoss()
    accuracies, probabilities = [], []
    for _ in range(epochs):
        model.train()
        for inputs, targets in train_loader:
            loss = criterion(model(inputs.to(DEVICE)), targets.to(DEVICE))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            probe.measure()
        model.eval()
        outputs, labels = [], []
        for inputs, targets in val_loader:
            logits = model(inputs.to(DEVICE))
            outputs.append(logits.softmax(1))
            labels.append(targets)
            probe.measure()
        scores = torch.cat(outputs).detach().cpu()
        accuracies.append((scores.argmax(1) == torch.cat(labels)).float().mean().item())
        probabilities.append(scores.numpy())
    return accuracies, probabilities


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Dropout(0.1), nn.Linear(16, 3)).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    train_loader = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(4)]
    accuracies, probabilities = train(model, optimizer, train_loader, load_validation_set(), epochs=3)
    probe.record("accuracies", accuracies)
    probe.record("probabilities", probabilities)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
