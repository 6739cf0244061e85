-- decision 0020: the password is 'password' in code; the column was trocar_senha (issue 24).
ALTER TABLE `usuarios` RENAME COLUMN `trocar_senha` TO `must_change_password`;
