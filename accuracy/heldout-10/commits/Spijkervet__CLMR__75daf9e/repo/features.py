import torch
import numpy as np

def inference(loader, encoder, device):
    feature_vector = []
    labels_vector = []
    for step, ((x, _), y) in enumerate(loader):
        x = x.to(device)

        # get encoding
        with torch.no_grad():
            h = encoder(x)

        h = h.detach()

        feature_vector.extend(h.cpu().detach().numpy())
        labels_vector.extend(y.numpy())

        if step % 20 == 0:
            print(f"Step [{step}/{len(loader)}]\t Computing features...")

    feature_vector = np.array(feature_vector)
    labels_vector = np.array(labels_vector)
    print("Features shape {}".format(feature_vector.shape))
    return feature_vector, labels_vector


def get_features(encoder, train_loader, val_loader, test_loader, device):
    train_X, train_y = inference(train_loader, encoder, device)
    val_X, val_y = inference(val_loader, encoder, device)
    test_X, test_y = inference(test_loader, encoder, device)
    return train_X, train_y, val_X, val_y, test_X, test_y


def create_data_loaders_from_arrays(X_train, y_train, X_val, y_val, X_test, y_test, batch_size):
    train = torch.utils.data.TensorDataset(
        torch.from_numpy(X_train), torch.from_numpy(y_train)
    )
    train_loader = torch.utils.data.DataLoader(
        train, batch_size=batch_size, shuffle=False
    )
    val = torch.utils.data.TensorDataset(
        torch.from_numpy(X_val), torch.from_numpy(y_val)
    )
    val_loader = torch.utils.data.DataLoader(
        val, batch_size=batch_size, shuffle=False
    )
    test = torch.utils.data.TensorDataset(
        torch.from_numpy(X_test), torch.from_numpy(y_test)
    )
    test_loader = torch.utils.data.DataLoader(
        test, batch_size=batch_size, shuffle=False
    )
    return train_loader, val_loader, test_loader
